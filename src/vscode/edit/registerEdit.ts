// Registers inline edit, its code actions and the commit message command. Only the commands and the
// (request-free) code action provider exist at activation; the edit controller and the commit message
// writer load on first use.
import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import { enumSetting } from '../../core/config/settingsCatalog';
import type { ChatClients } from '../../core/chat/chatRound';
import type { EditModelChoice } from '../../core/edit/editStream';
import { meteredChatClients } from '../../core/spend/meteredStreams';
import type { SpendGate } from '../../core/spend/spendGate';
import type { UsageSink } from '../../core/spend/spendTypes';
import { tandemSetting } from '../config/settings';
import type { OutflowGate } from '../security/outflowGate';
import type { TandemUi } from '../ui/tandemUi';
import { EditCodeActions } from './editCodeActions';
import type { EditArgs, InlineEditController } from './inlineEditController';
import type * as ControllerBundle from './inlineEditController';
import type { CommitMessageWriter } from './commitMessage';
import type * as CommitBundle from './commitMessage';

export interface EditDeps {
  context: vscode.ExtensionContext;
  clients: ChatClients;
  gate: OutflowGate;
  ui: TandemUi;
  log: vscode.LogOutputChannel;
  spend: { sink: UsageSink; budget?: SpendGate };
  /** The project rules section the chat sends (AGENTS.md), or undefined. */
  rules: () => Promise<string | undefined>;
  /** Opens the chat with the editor's selection attached. */
  attachSelection: () => Promise<void>;
}

export interface EditRegistration {
  /** The controller, once loaded (tests). */
  controller(): Promise<InlineEditController>;
  commitMessages(): Promise<CommitMessageWriter>;
  disposables: vscode.Disposable[];
}

export function registerEdit(deps: EditDeps): EditRegistration {
  let controller: Promise<InlineEditController> | undefined;
  let writer: Promise<CommitMessageWriter> | undefined;
  const owned: vscode.Disposable[] = [];
  const metered = (feature: 'inlineEdit' | 'commitMessage', title: string) =>
    meteredChatClients(() => deps.clients, { ...deps.spend, chatId: feature, chatTitle: () => title, feature });
  // Each is a bundle of its own (scripts/bundles.mjs), required on first use (core/lifecycle/lazyModule.ts).
  /* eslint-disable @typescript-eslint/no-require-imports */
  const loadController = () =>
    (controller ??= Promise.resolve(require('./inlineEditController') as typeof ControllerBundle).then(({ InlineEditController }) => {
      const made = new InlineEditController({
        clients: metered('inlineEdit', 'Inline edit'),
        gate: deps.gate,
        ui: deps.ui,
        log: deps.log,
        memento: deps.context.globalState,
        rules: deps.rules,
        defaults: editDefaults,
      });
      owned.push(made);
      return made;
    }));
  const loadWriter = () =>
    (writer ??= Promise.resolve(require('./commitMessage') as typeof CommitBundle).then(({ CommitMessageWriter }) => {
      const made = new CommitMessageWriter({
        clients: metered('commitMessage', 'Commit message'),
        gate: deps.gate,
        log: deps.log,
        defaults: commitDefaults,
      });
      return made;
    }));
  /* eslint-enable @typescript-eslint/no-require-imports */
  const disposables = [
    vscode.commands.registerCommand(COMMANDS.edit, async (args?: EditArgs) => (await loadController()).edit(isEditArgs(args) ? args : {})),
    vscode.commands.registerCommand(COMMANDS.acceptAllEdits, async () => (await loadController()).decide('accepted')),
    vscode.commands.registerCommand(COMMANDS.rejectAllEdits, async () => (await loadController()).decide('rejected')),
    vscode.commands.registerCommand(COMMANDS.acceptEditHunk, async (uri?: vscode.Uri, hunk?: number) =>
      (await loadController()).decide('accepted', uri, hunk),
    ),
    vscode.commands.registerCommand(COMMANDS.rejectEditHunk, async (uri?: vscode.Uri, hunk?: number) =>
      (await loadController()).decide('rejected', uri, hunk),
    ),
    vscode.commands.registerCommand(COMMANDS.explainSelection, async () => {
      await deps.attachSelection();
    }),
    vscode.commands.registerCommand(COMMANDS.commitMessage, async (repository?: unknown) => (await loadWriter()).write(repository)),
    vscode.languages.registerCodeActionsProvider({ scheme: '*' }, new EditCodeActions(() => tandemSetting('codeActions.enabled')), {
      providedCodeActionKinds: EditCodeActions.kinds,
    }),
    { dispose: () => owned.forEach((d) => d.dispose()) },
  ];
  return { controller: loadController, commitMessages: loadWriter, disposables };
}

function isEditArgs(value: unknown): value is EditArgs {
  // A menu passes the document's URI; only a plain object of ours carries arguments.
  return typeof value === 'object' && value !== null && !(value instanceof vscode.Uri) && ('instruction' in value || 'startLine' in value);
}

function editDefaults(): EditModelChoice {
  return {
    service: enumSetting('edit.service', tandemSetting('edit.service')),
    model: tandemSetting('edit.model'),
    thinking: tandemSetting('edit.thinking'),
  };
}

function commitDefaults(): EditModelChoice {
  return {
    service: enumSetting('commitMessage.service', tandemSetting('commitMessage.service')),
    model: tandemSetting('commitMessage.model'),
    thinking: tandemSetting('commitMessage.thinking'),
  };
}
