// Loaded by the extension host as extensionTestsPath: a scripted typing session over real source
// files, driving Tandem's real inline completion provider the way VS Code does (a new call and a
// cancelled token per keystroke), against the simulator the bench started. Writes JSON.
const { readFileSync, writeFileSync } = require('node:fs');
const { extname, join } = require('node:path');
const vscode = require('vscode');
const { typist, typedLines } = require('./typist.cjs');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const languageOf = { '.ts': 'typescript', '.py': 'python', '.js': 'javascript', '.mjs': 'javascript' };

exports.run = async function run() {
  const env = process.env;
  const { gapAfter, typo } = typist(Number(env.BENCH_KEY_GAP_MS));
  const linePauseMs = Number(env.BENCH_LINE_PAUSE_MS);
  const linesPerFile = Number(env.BENCH_LINES_PER_FILE);
  const api = await vscode.extensions.getExtension('tandem.tandem').activate();
  const config = vscode.workspace.getConfiguration('tandem');
  await config.update('serviceB.baseUrl', env.BENCH_URL_B, vscode.ConfigurationTarget.Global);
  const { provider, engine } = api.completions;

  // Tag each provider call with the engine outcome it got. The provider may first wait for the
  // cross-file context of a new block, so a call is matched by its document length and cursor offset.
  const untagged = [];
  const complete = engine.complete.bind(engine);
  engine.complete = (query) => {
    const at = untagged.findLastIndex((r) => r.textLength === query.text.length && r.offset === query.offset);
    const record = at >= 0 ? untagged.splice(at, 1)[0] : {};
    return complete(query).then((outcome) => ((record.outcome = outcome), outcome));
  };

  const calls = [];
  let typedChars = 0;
  let acceptedChars = 0;
  let accepted = 0;
  let typedThroughKeys = 0;
  let keysSampled = 0;
  let keysWithSuggestion = 0;
  let requestsWhileTypingThrough = 0;

  // The typed texts are frozen (bench/completionTypingSession.json); each is opened at its path.
  const typed = JSON.parse(readFileSync(env.BENCH_TYPING_SESSION, 'utf8')).files;
  const benchFiles = typed.map((f) => join(env.BENCH_REPO_ROOT, f.path));
  for (const [index, file] of benchFiles.entries()) {
    // A developer has other files open: the session's other files are tabs (cross-file context may use them).
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (env.BENCH_OTHER_TABS !== '0') {
      for (const other of benchFiles.filter((f) => f !== file))
        await vscode.window.showTextDocument(vscode.Uri.file(other), { preview: false });
    }
    const source = typed[index].text;
    const lines = source.split('\n');
    const picks = typedLines(lines, linesPerFile);
    // Typing happens top to bottom; each picked line starts empty (indentation kept).
    const blanked = lines.map((l, i) => (picks.includes(i) ? /^\s*/.exec(l)[0] : l));
    const doc = await vscode.workspace.openTextDocument({
      language: languageOf[extname(file)] ?? 'plaintext',
      content: blanked.join('\n'),
    });
    const editor = await vscode.window.showTextDocument(doc);
    for (const lineNo of picks) {
      const target = lines[lineNo].trimStart();
      let col = /^\s*/.exec(lines[lineNo])[0].length;
      let typedOnLine = 0;
      let shown; // the latest suggestion the user can see
      let tokenSource;
      /** One key as VS Code sees it: the edit, the previous call cancelled, a new provider call. */
      const keystroke = async (ch, typingThrough) => {
        // Whether the user saw a suggestion by the time of this key: the share of keys that had one.
        keysSampled++;
        if (shown) keysWithSuggestion++;
        if (ch === undefined) {
          await editor.edit((b) => b.delete(new vscode.Range(lineNo, col - 1, lineNo, col)), {
            undoStopBefore: false,
            undoStopAfter: false,
          });
          col--;
        } else {
          await editor.edit((b) => b.insert(new vscode.Position(lineNo, col), ch), { undoStopBefore: false, undoStopAfter: false });
          col++;
        }
        typedChars++;
        tokenSource?.cancel();
        tokenSource = new vscode.CancellationTokenSource();
        const position = new vscode.Position(lineNo, col);
        const record = {
          typingThrough,
          key: ch ?? 'Backspace',
          textLength: doc.getText().length,
          offset: doc.offsetAt(position),
          at: performance.now(),
          hadShown: !!shown,
          line: doc.lineAt(lineNo).text.slice(0, col),
        };
        untagged.push(record);
        const started = performance.now();
        const pending = provider.provideInlineCompletionItems(
          doc,
          position,
          { triggerKind: 1, selectedCompletionInfo: undefined },
          tokenSource.token,
        );
        const token = tokenSource.token;
        calls.push(record);
        // What VS Code would show: the answer of the latest call; typed-through keeps the old one meanwhile.
        if (shown && typingThrough) shown = { text: shown.text.slice(1) };
        else shown = undefined;
        void pending.then((items) => {
          record.ms = performance.now() - started;
          if (typingThrough && record.outcome && record.outcome.source === 'network') requestsWhileTypingThrough++;
          if (!token.isCancellationRequested) shown = items && items[0] ? { text: items[0].insertText } : undefined;
        });
      };
      await sleep(linePauseMs); // reading, thinking: a pause before each line
      while (typedOnLine < target.length) {
        const rest = target.slice(typedOnLine);
        if (shown && shown.text.length >= 3 && shown.text === rest) {
          // The suggestion is exactly what the user meant: Tab.
          await editor.edit((b) => b.insert(new vscode.Position(lineNo, col), shown.text), { undoStopBefore: false, undoStopAfter: false });
          col += shown.text.length;
          editor.selection = new vscode.Selection(lineNo, col, lineNo, col);
          await vscode.commands.executeCommand('tandem.completion.accepted', doc.uri);
          accepted++;
          acceptedChars += shown.text.length;
          break;
        }
        const ch = rest[0];
        const typingThrough = !!shown && shown.text.startsWith(ch) && shown.text.length > 1;
        if (!typingThrough && typo()) {
          await keystroke('#', false);
          await sleep(gapAfter('#') + 150);
          await keystroke(undefined, false);
          await sleep(gapAfter(ch));
        }
        await keystroke(ch, typingThrough);
        typedOnLine++;
        if (typingThrough) typedThroughKeys++;
        await sleep(gapAfter(ch));
      }
      tokenSource?.cancel();
      await sleep(50);
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await sleep(300);

  const finished = calls.filter((c) => c.ms !== undefined && c.outcome);
  const overhead = finished.map((c) => c.ms - c.outcome.serverMs - c.outcome.debounceMs);
  const pct = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] * 100) / 100 : null;
  };
  if (env.BENCH_DUMP_KEYS)
    writeFileSync(
      env.BENCH_DUMP_KEYS,
      JSON.stringify(
        calls.map((c) => ({
          ...c,
          outcome: c.outcome && {
            source: c.outcome.source,
            text: c.outcome.text,
            debounceMs: c.outcome.debounceMs,
            serverMs: c.outcome.serverMs,
          },
        })),
      ),
    );
  writeFileSync(
    env.TANDEM_BENCH_OUT,
    JSON.stringify({
      typedChars,
      accepted,
      acceptedChars,
      typedThroughKeys,
      keysWithSuggestionShare: keysSampled ? Math.round((keysWithSuggestion / keysSampled) * 1000) / 1000 : null,
      requestsWhileTypingThrough,
      providerCalls: calls.length,
      answeredCalls: finished.length,
      engine: engine.stats,
      overheadMs: { p50: pct(overhead, 0.5), p95: pct(overhead, 0.95), max: pct(overhead, 1) },
      // Network answers measured against the simulator's fixed latency instead of the time spent inside
      // the stream iterator: this also counts the transport (key lookup, HTTP, SSE parsing).
      networkOverheadVsFixedLatencyMs: (() => {
        const o = finished
          .filter((c) => c.outcome.source === 'network')
          .map((c) => c.ms - c.outcome.debounceMs - Number(env.BENCH_SERVER_MS));
        return { n: o.length, p50: pct(o, 0.5), p95: pct(o, 0.95) };
      })(),
      // Where requests were made: at once (the first key after a pause) or after the debounce.
      networkAnswers: {
        atOnce: finished.filter((c) => c.outcome.source === 'network' && c.outcome.debounceMs === 0).length,
        debounced: finished.filter((c) => c.outcome.source === 'network' && c.outcome.debounceMs > 0).length,
      },
      // What the network answers gave: a suggestion, or nothing to show; and those asked at a wrong key.
      networkAnswerKinds: (() => {
        const network = finished.filter((c) => c.outcome.source === 'network');
        return {
          withText: network.filter((c) => c.outcome.text).length,
          empty: network.filter((c) => !c.outcome.text).length,
          atTypo: network.filter((c) => c.key === '#').length,
          atBackspace: network.filter((c) => c.key === 'Backspace').length,
        };
      })(),
      overheadBySource: Object.fromEntries(
        ['network', 'joined', 'cache', 'typed', 'skipped'].map((s) => {
          const o = finished.filter((c) => c.outcome.source === s).map((c) => c.ms - c.outcome.serverMs - c.outcome.debounceMs);
          return [s, { n: o.length, p50: pct(o, 0.5), p95: pct(o, 0.95) }];
        }),
      ),
    }),
  );
};
