import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Simulator } from '../../sim/simulator';
import { until } from '../until';
import { chatOnSimulator, leaveSimulator } from './tandemApi';

interface GitRepository {
  rootUri: vscode.Uri;
  inputBox: { value: string };
  state: { indexChanges: unknown[] };
}

describe('commit message in a real extension host, with the built-in Git extension', () => {
  let sim: Simulator;

  // The repository is a temporary one outside the workspace: the Git extension opens such a repository
  // only when told it may (otherwise it waits for the user to answer its "parent folder" prompt).
  const gitConfig = () => vscode.workspace.getConfiguration('git');
  before(async () => {
    ({ sim } = await chatOnSimulator());
    await gitConfig().update('openRepositoryInParentFolders', 'always', vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await gitConfig().update('openRepositoryInParentFolders', undefined, vscode.ConfigurationTarget.Global);
    await leaveSimulator(sim);
  });

  it('writes the message for a real repository from its staged diff, in the style of its subjects, naming a sensitive file without its content', async function () {
    this.timeout(120_000);
    const repo = mkdtempSync(join(tmpdir(), 'tandem-commit-'));
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
    try {
      git('init', '-q');
      git('config', 'user.email', 'test@example.com');
      git('config', 'user.name', 'Test');
      writeFileSync(join(repo, 'counter.ts'), 'export let count = 0;\n');
      git('add', '.');
      git('commit', '-q', '-m', 'add a counter');
      writeFileSync(join(repo, 'counter.ts'), 'export let count = 1;\n');
      writeFileSync(join(repo, '.env'), 'TOKEN=secret-value\n');
      git('add', '.');
      const gitApi = (await vscode.extensions.getExtension('vscode.git')!.activate()).getAPI(1);
      await vscode.commands.executeCommand('git.openRepository', repo);
      const repository = await until<GitRepository>(
        () => gitApi.repositories.find((r: GitRepository) => r.rootUri.fsPath === repo),
        'the git extension to open the repository',
        30_000,
      );
      await until(() => repository.state.indexChanges.length === 2, 'the staged changes', 30_000);
      sim.reset();
      await vscode.commands.executeCommand('tandem.commitMessage', { rootUri: repository.rootUri });
      // Lower case, as the repository's one subject is; the files in the Git extension's order.
      assert.match(repository.inputBox.value, /^update (?:counter\.ts, \.env|\.env, counter\.ts)\n/);
      const request = sim.requests.find((r) => r.path.endsWith('/chat/completions'));
      const sent = JSON.stringify(request?.body);
      assert.match(sent, /export let count = 1/);
      assert.doesNotMatch(sent, /secret-value/, 'a sensitive file is named, never sent');
      assert.match(sent, /\.env: a sensitive file/);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
