// The instruction box of an inline edit: a quick input at the top of the window, offering the recent
// instructions and a button to switch the service and model (the defaults come from the settings).
import * as vscode from 'vscode';
import type { EditModelChoice } from '../../core/edit/editStream';
import { modelsFor } from '../../core/services/modelCatalog';

const HISTORY_KEY = 'tandem.edit.history';
const HISTORY_SIZE = 20;

export interface EditAnswer {
  instruction: string;
  choice: EditModelChoice;
}

export class EditInput {
  constructor(private readonly memento: vscode.Memento) {}

  history(): string[] {
    return this.memento.get<string[]>(HISTORY_KEY, []);
  }

  async remember(instruction: string): Promise<void> {
    const next = [instruction, ...this.history().filter((h) => h !== instruction)].slice(0, HISTORY_SIZE);
    await this.memento.update(HISTORY_KEY, next);
  }

  /** Asks for an instruction; undefined when the user dismisses the box. */
  ask(choice: EditModelChoice, refining: boolean): Promise<EditAnswer | undefined> {
    const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
    let current = { ...choice };
    const switchModel: vscode.QuickInputButton = {
      iconPath: new vscode.ThemeIcon('server'),
      tooltip: vscode.l10n.t('Switch service or model'),
    };
    const toggleThinking: vscode.QuickInputButton = {
      iconPath: new vscode.ThemeIcon('lightbulb'),
      tooltip: vscode.l10n.t('Turn thinking on or off'),
    };
    const describe = () => {
      pick.title = refining
        ? vscode.l10n.t('Tandem: Refine the Edit ({0})', label(current))
        : vscode.l10n.t('Tandem: Edit ({0})', label(current));
    };
    describe();
    pick.placeholder = refining
      ? vscode.l10n.t('How should the proposed edit change? (Enter to send, Esc to cancel)')
      : vscode.l10n.t('Describe the change to the selection (Enter to send, Esc to cancel)');
    pick.buttons = [switchModel, toggleThinking];
    pick.items = this.history().map((h) => ({ label: h, description: vscode.l10n.t('recent') }));
    pick.matchOnDescription = false;
    pick.ignoreFocusOut = false;
    return new Promise((resolve) => {
      let settled = false;
      // The model picker hides this box for a moment; that is not a dismissal.
      let switching = false;
      const finish = (answer: EditAnswer | undefined) => {
        if (settled) return;
        settled = true;
        resolve(answer);
        pick.dispose();
      };
      pick.onDidTriggerButton(async (button) => {
        if (button === toggleThinking) {
          current = { ...current, thinking: !current.thinking };
          describe();
          return;
        }
        const models = [...modelsFor('B', 'text'), ...modelsFor('A', 'text')];
        switching = true;
        const chosen = await vscode.window.showQuickPick(
          models.map((m) => ({ label: m.id, description: vscode.l10n.t('Service {0}', m.service), model: m })),
          { title: vscode.l10n.t('Tandem: Model for Inline Edits') },
        );
        switching = false;
        if (chosen) current = { ...current, service: chosen.model.service, model: chosen.model.id };
        describe();
        pick.show();
      });
      pick.onDidAccept(() => {
        const typed = pick.value.trim();
        const instruction = typed || pick.selectedItems[0]?.label || '';
        if (instruction === '') return;
        finish({ instruction, choice: current });
      });
      pick.onDidHide(() => {
        if (!switching) finish(undefined);
      });
      pick.show();
    });
  }
}

function label(choice: EditModelChoice): string {
  return `${choice.service} · ${choice.model}${choice.thinking ? ' · thinking' : ''}`;
}
