// Every way workspace text leaves the editor goes through the one sensitive-content gate. This test
// enumerates the outflows (OUTFLOWS), where each one asks the gate, and every file that reads workspace
// text: a new reader that is neither guarded nor explained here fails, and so does a guard that is removed.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OUTFLOWS, type Outflow } from '../../../../src/core/security/outflowGate';

const repo = join(__dirname, '..', '..', '..', '..');

/** Where each outflow is guarded: the file, and the call that is the guard. */
const GUARDS: Record<Outflow, ReadonlyArray<readonly [file: string, guard: RegExp]>> = {
  tool: [
    // One verdict on a confined path (the name as asked and the real file), 'tool' unless a caller says otherwise.
    ['src/vscode/tools/toolContext.ts', /outflow: 'tool' \| 'diagnostics' = 'tool'[^]*this\.gate\.judgeMany\(outflow, /],
    ['src/vscode/tools/readFile.ts', /await tools\.judged\(checked\)/],
    ['src/vscode/tools/applyEdit.ts', /await tools\.judged\(target\)/],
    ['src/vscode/tools/getSelection.ts', /gate\.judge\('tool'/],
    ['src/vscode/tools/workspaceFiles.ts', /gate\.judgeMany\('tool'/],
    ['src/vscode/tools/runCommand.ts', /gate\.judgeNow\('tool'/],
  ],
  diagnostics: [
    ['src/vscode/tools/getDiagnostics.ts', /gate\.judgeMany\(\s*'diagnostics'/],
    ['src/vscode/tools/getDiagnostics.ts', /await tools\.judged\(checked, 'diagnostics'\)/],
    ['src/vscode/chat/mentionSource.ts', /gate\.judgeMany\(\s*'diagnostics'/],
  ],
  mention: [['src/vscode/chat/mentionSource.ts', /this\.file\(target\.uri, 'mention'\)/]],
  attachment: [['src/vscode/chat/mentionSource.ts', /this\.file\(doc\.uri, 'attachment'\)/]],
  completionContext: [
    ['src/vscode/completion/completionVerdicts.ts', /gate\.judgeNow\('completionContext'/],
    ['src/vscode/completion/contextGatherer.ts', /verdicts\.contextAllowed\(/],
    ['src/vscode/completion/inlineCompletionProvider.ts', /verdicts\.judge\(document\.uri\)\.sensitive/],
  ],
  speech: [
    ['src/vscode/speech/speechConsent.ts', /gate\.judge\('speech'/],
    ['src/vscode/speech/readAloud.ts', /await this\.mayRead\(input\.document\)/],
    ['src/vscode/speech/saveSpeech.ts', /await mayRead\(input\.document\)/],
  ],
  // A chat leaves whole: Export and Copy write the kept copy, in which every secret the chat handled is redacted.
  export: [['src/vscode/chat/exportChat.ts', /currentSession\.keptChat\(\)/]],
  checkpoint: [['src/vscode/chat/checkpointStore.ts', /gate\.judge\('checkpoint'/]],
  projectRules: [['src/vscode/chat/projectRulesSource.ts', /gate\.judge\('projectRules'/]],
  inlineEdit: [['src/vscode/edit/inlineEditController.ts', /gate\.judge\('inlineEdit'/]],
  commitDiff: [['src/vscode/edit/commitMessage.ts', /gate\.judgeMany\(\s*'commitDiff'/]],
};

/** Calls that read workspace text (a document's, a file's, or VS Code's problems). */
const READS = /\.getText\(|readHead\(|\breadFile(?:Sync)?\(|getDiagnostics\(|openTextDocument\(|\.textDocuments\b|findFiles\(/;

/** Every file that reads workspace text: the outflow it feeds, or why what it reads never leaves. */
const READERS: Record<string, Outflow | { notAnOutflow: string }> = {
  'src/vscode/tools/readFile.ts': 'tool',
  'src/vscode/tools/applyEdit.ts': 'tool',
  'src/vscode/tools/getSelection.ts': 'tool',
  'src/vscode/tools/searchText.ts': 'tool',
  'src/vscode/tools/workspaceFiles.ts': 'tool',
  'src/vscode/tools/getDiagnostics.ts': 'diagnostics',
  'src/vscode/tools/gitignoreLoader.ts': {
    notAnOutflow:
      'reads .gitignore rules (only those confined to the folder) to decide which files the tools and the @ picker skip; the rules are not sent',
  },
  'src/vscode/tools/writeEdits.ts': {
    notAnOutflow:
      'applies the approved replacements again to the current text before writing; the model gets line counts, the checkpoint asks the gate',
  },
  'src/vscode/chat/mentionSource.ts': 'mention',
  'src/vscode/chat/projectRulesSource.ts': 'projectRules',
  'src/vscode/completion/contextGatherer.ts': 'completionContext',
  'src/vscode/completion/inlineCompletionProvider.ts': 'completionContext',
  'src/vscode/speech/speechInput.ts': 'speech',
  'src/vscode/edit/inlineEditController.ts': 'inlineEdit',
  'src/vscode/edit/liveDiff.ts': { notAnOutflow: "compares the document with the pending edit's text to draw it; nothing is sent" },
  'src/core/tools/fileHead.ts': { notAnOutflow: 'the bounded file reader; its callers (tools, search, rules) judge the file first' },
  'src/vscode/chat/chatEditorActions.ts': { notAnOutflow: "opens a new untitled document holding a chat's code block" },
  'src/vscode/chat/gitDirFacts.ts': { notAnOutflow: 'reads git config to decide whether a git command asks; nothing is sent' },
  'src/vscode/mcp/mcpServers.ts': {
    notAnOutflow:
      ".vscode/mcp.json and a server's envFile are read to start a server the user trusted; their values go to that process, never to a service",
  },
  'src/vscode/chat/restoreCheckpoint.ts': { notAnOutflow: 'compares a file with its checkpoint before restoring it; nothing is sent' },
  'src/vscode/completion/completionCommands.ts': {
    notAnOutflow: 'prefetches only in the document whose suggestion was just accepted, which the provider judged',
  },
  'src/vscode/config/ignoredSettingsNotice.ts': { notAnOutflow: 'reads .vscode/settings.json to tell the user what Tandem ignored' },
  'src/vscode/security/linkedGitDirs.ts': { notAnOutflow: "part of the gate: reads the roots' .git files" },
  'src/core/spend/ledgerStore.ts': { notAnOutflow: "reads the spend ledger's own journal in the extension's global storage" },
  'src/core/completion/treeSitterParsers.ts': { notAnOutflow: "reads the extension's own grammar files" },
  'src/vscode/speech/speechSettings.ts': { notAnOutflow: "reads the user's own voice sample (a user-level setting, size-capped)" },
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [relative(repo, path).split('\\').join('/')] : [];
  });
}

const read = (file: string) => readFileSync(join(repo, file), 'utf8');

describe('the one sensitive-content gate: every outflow goes through it', () => {
  it('every outflow has a guard, and each guard is still in its file', () => {
    for (const outflow of OUTFLOWS) {
      assert.ok(GUARDS[outflow].length > 0, `${outflow} has no guard`);
      for (const [file, guard] of GUARDS[outflow]) {
        assert.match(read(file), guard, `${outflow}: ${file} no longer has its guard ${guard}`);
      }
    }
  });

  it('every file that reads workspace text feeds a guarded outflow or says why nothing leaves', () => {
    const readers = sources(join(repo, 'src')).filter((file) => READS.test(read(file)));
    const unexplained = readers.filter((file) => !(file in READERS));
    assert.deepEqual(unexplained, [], 'a new reader of workspace text: guard its outflow through the gate and list it here');
    const stale = Object.keys(READERS).filter((file) => !readers.includes(file));
    assert.deepEqual(stale, [], 'listed as readers but reading nothing: remove them');
  });

  it("a reader that feeds an outflow is in that outflow's guarded files, or its text reaches a guarded caller", () => {
    // speechInput.ts only gathers the text; readAloud.ts and saveSpeech.ts ask before it is sent.
    const gatheredElsewhere: Record<string, readonly string[]> = {
      'src/vscode/speech/speechInput.ts': ['src/vscode/speech/readAloud.ts', 'src/vscode/speech/saveSpeech.ts'],
      'src/vscode/chat/mentionSource.ts': ['src/vscode/chat/mentionSource.ts'],
      // search_text reads only the files workspaceFiles.ts offers, each judged there.
      'src/vscode/tools/searchText.ts': ['src/vscode/tools/workspaceFiles.ts'],
    };
    for (const [file, use] of Object.entries(READERS)) {
      if (typeof use !== 'string') continue;
      const guardedFiles = GUARDS[use].map(([guarded]) => guarded);
      const where = gatheredElsewhere[file] ?? [file];
      assert.ok(
        where.every((f) => guardedFiles.includes(f)),
        `${file} feeds ${use}, but ${where.join(', ')} is not among its guarded files`,
      );
    }
  });
});
