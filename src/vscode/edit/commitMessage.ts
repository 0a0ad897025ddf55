// "Tandem: Write Commit Message" in the Source Control view: the staged diff (or the working tree's,
// when nothing is staged) and the last 20 subjects, through VS Code's built-in Git extension, streamed
// into the repository's input box. Sensitive files are named to the model, never their content.
import * as vscode from 'vscode';
import { cleanCommitMessage, commitMessages, type CommitFile } from '../../core/edit/commitPrompt';
import { streamEditAnswer, type EditModelChoice } from '../../core/edit/editStream';
import type { ChatClients } from '../../core/chat/chatRound';
import type { OutflowGate } from '../security/outflowGate';

/** The part of the `vscode.git` extension's API (version 1) used here. */
interface GitChange {
  uri: vscode.Uri;
  status: number;
}
interface GitRepository {
  rootUri: vscode.Uri;
  inputBox: { value: string };
  state: { indexChanges: GitChange[]; workingTreeChanges: GitChange[] };
  diffIndexWithHEAD(path: string): Promise<string>;
  diffWithHEAD(path: string): Promise<string>;
  log(options?: { maxEntries?: number }): Promise<Array<{ message: string }>>;
}
interface GitApi {
  repositories: GitRepository[];
}

export interface CommitMessageDeps {
  clients: ChatClients;
  gate: OutflowGate;
  log: vscode.LogOutputChannel;
  defaults: () => EditModelChoice;
}

// The git extension's Status enum, as letters for the prompt.
const STATUS = ['M', 'A', 'D', 'R', 'C', 'M', 'D', '?', '!', 'A', 'M', 'D', 'C', 'C', 'C', 'C', 'C', 'C'];

export class CommitMessageWriter {
  private running: AbortController | undefined;
  /** The last message written (tests). */
  lastMessage: string | undefined;

  constructor(private readonly deps: CommitMessageDeps) {}

  async write(target?: unknown): Promise<void> {
    const git = await gitApi();
    if (!git) return void vscode.window.showWarningMessage(vscode.l10n.t('Tandem: the built-in Git extension is not available.'));
    const repository = pickRepository(git, target);
    if (!repository) return void vscode.window.showInformationMessage(vscode.l10n.t('Tandem: no git repository is open.'));
    const staged = repository.state.indexChanges.length > 0;
    const changes = staged ? repository.state.indexChanges : repository.state.workingTreeChanges;
    if (changes.length === 0) return void vscode.window.showInformationMessage(vscode.l10n.t('Tandem: there are no changes to describe.'));
    this.running?.abort();
    const abort = new AbortController();
    this.running = abort;
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.SourceControl, title: vscode.l10n.t('Tandem: writing a commit message'), cancellable: true },
      async (_progress, token) => {
        token.onCancellationRequested(() => abort.abort());
        const files = await this.files(repository, changes, staged);
        const subjects = (await repository.log({ maxEntries: 20 }).catch(() => [])).map((c) => c.message.split('\n')[0]);
        const messages = commitMessages({ files, subjects, staged });
        let text = '';
        try {
          for await (const delta of streamEditAnswer(this.deps.clients, this.deps.defaults(), messages, { signal: abort.signal })) {
            if (!delta.content) continue;
            text += delta.content;
            repository.inputBox.value = cleanCommitMessage(text);
          }
        } catch (error) {
          if (abort.signal.aborted) return;
          this.deps.log.error(`Commit message failed: ${String(error)}`);
          void vscode.window.showWarningMessage(
            vscode.l10n.t('Tandem: the commit message failed: {0}', error instanceof Error ? error.message : String(error)),
          );
          return;
        }
        this.lastMessage = cleanCommitMessage(text);
        repository.inputBox.value = this.lastMessage;
      },
    );
  }

  private async files(repository: GitRepository, changes: readonly GitChange[], staged: boolean): Promise<CommitFile[]> {
    const verdicts = await this.deps.gate.judgeMany(
      'commitDiff',
      changes.map((c) => c.uri),
    );
    return Promise.all(
      changes.map(async (change, i): Promise<CommitFile> => {
        const path = vscode.workspace.asRelativePath(change.uri, false);
        const status = STATUS[change.status] ?? 'M';
        if (verdicts[i].sensitive) return { path, status, sensitive: true };
        const diff = await (staged ? repository.diffIndexWithHEAD(change.uri.fsPath) : repository.diffWithHEAD(change.uri.fsPath)).catch(
          () => undefined,
        );
        return { path, status, ...(diff ? { diff } : {}) };
      }),
    );
  }
}

async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  return exports.getAPI(1);
}

function pickRepository(git: GitApi, target: unknown): GitRepository | undefined {
  // The Source Control view passes its SourceControl, which has the repository's root.
  const root = (target as { rootUri?: vscode.Uri } | undefined)?.rootUri;
  if (root) {
    const match = git.repositories.find((r) => r.rootUri.toString() === root.toString());
    if (match) return match;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active) {
    const holding = git.repositories
      .filter((r) => active.fsPath.startsWith(r.rootUri.fsPath))
      .sort((a, b) => b.rootUri.fsPath.length - a.rootUri.fsPath.length)[0];
    if (holding) return holding;
  }
  return git.repositories[0];
}
