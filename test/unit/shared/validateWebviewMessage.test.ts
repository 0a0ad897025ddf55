import * as assert from 'node:assert/strict';
import type { WebviewMessage } from '../../../src/shared/protocol';
import { isString, oneOf, parseMessage, shape, type MessageChecks } from '../../../src/shared/messageShapes';
import { MAX_EDITS_PER_CALL } from '../../../src/shared/toolLimits';
import { parseWebviewMessage, webviewMessageChecks } from '../../../src/shared/validateWebviewMessage';

describe('parseWebviewMessage', () => {
  it('accepts every well-formed message as it is', () => {
    const good: unknown[] = [
      { type: 'ready' },
      { type: 'send', text: 'hello' },
      { type: 'stop' },
      { type: 'retry' },
      { type: 'editAndResend', turnId: 't1', text: 'again' },
      { type: 'newChat' },
      { type: 'openChat', chatId: 'c1' },
      { type: 'deleteChat', chatId: 'c1' },
      { type: 'setOptions', options: { service: 'A', model: 'alpha-v2.5', thinking: false, webSearch: true } },
      { type: 'setOptions', options: { reasoningEffort: 'max' } },
      { type: 'mention', itemId: 'selection' },
      { type: 'mention', itemId: 'file:file:///w/src/greet.ts' },
      { type: 'mentionQuery', requestId: 3, query: 'gre' },
      { type: 'mentionQuery', requestId: 0, query: '' },
      { type: 'attachImage', name: 'a.png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
      { type: 'removeAttachment', id: 'a1' },
      { type: 'approveTool', callId: 'call_1', decision: 'always' },
      // Standing approvals.
      { type: 'approveTool', callId: 'call_1', decision: 'allowInWorkspace' },
      { type: 'codeAction', action: 'insert', code: 'x = 1', language: 'python' },
      { type: 'codeAction', action: 'copy', code: 'x' },
      { type: 'errorAction', action: 'setKey', service: 'B' },
      { type: 'speech/playing', id: 'r1', scheduledAt: 1790000000000.5, startsInMs: 21.3 },
      { type: 'speech/progress', id: 'r1', playedSeconds: 1.5, scheduledSeconds: 4, paused: false },
      { type: 'speech/ended', id: 'r1', playedSeconds: 4 },
      { type: 'speech/failed', id: 'r1', reason: 'blocked', message: 'Audio is blocked until you click Play.' },
      { type: 'speech/stopRequested', id: 'r1' },
      // Read aloud chat answers.
      { type: 'speech/readAnswer', turnId: 't1' },
      // Read-aloud speed.
      { type: 'speech/speedChanged', speed: 1.3 },
      { type: 'speech/speedChanged', speed: 0.5 },
    ];
    for (const m of good) assert.deepEqual(parseWebviewMessage(m), m);
  });

  it('drops anything else', () => {
    const bad: unknown[] = [
      null,
      'ready',
      [],
      {},
      { type: 'launchMissiles' },
      { type: 'ready', extra: 1 },
      { type: 'speech/progress', id: 'r1', playedSeconds: -1, scheduledSeconds: 4, paused: false },
      { type: 'speech/progress', id: 'r1', playedSeconds: Number.NaN, scheduledSeconds: 4, paused: false },
      { type: 'speech/progress', id: 'r1', playedSeconds: 1, scheduledSeconds: 4 },
      { type: 'speech/failed', id: 'r1', reason: 'crashed', message: 'x' },
      { type: 'speech/stopRequested' },
      // Read-aloud speed: out of bounds, not a number.
      { type: 'speech/speedChanged', speed: 2.5 },
      { type: 'speech/speedChanged', speed: Number.POSITIVE_INFINITY },
      { type: 'speech/speedChanged' },
      { type: 'send' },
      { type: 'send', text: '   ' },
      { type: 'send', text: 42 },
      { type: 'editAndResend', turnId: '', text: 'x' },
      { type: 'openChat', chatId: { id: 1 } },
      { type: 'setOptions', options: { service: 'C' } },
      { type: 'setOptions', options: { thinking: 'yes' } },
      { type: 'setOptions', options: { model: '../../etc' } },
      { type: 'setOptions', options: { temperature: 2 } },
      { type: 'setOptions', options: null },
      { type: 'attach', kind: 'folder' },
      { type: 'attach', kind: 'selection' },
      { type: 'mention', itemId: 7 },
      { type: 'mentionQuery', requestId: -1, query: 'x' },
      { type: 'mentionQuery', requestId: 1 },
      { type: 'attachImage', name: 'a.svg', dataUrl: 'data:image/svg+xml;base64,PHN2Zz4=' },
      { type: 'attachImage', name: 'a.png', dataUrl: 'https://example.com/a.png' },
      { type: 'approveTool', callId: 'c', decision: 'maybe' },
      { type: 'approveTool', callId: 'c', decision: 'allowInWorkspace', rule: 'rm -rf /' },
      { type: 'codeAction', action: 'run', code: 'rm -rf /' },
      { type: 'codeAction', action: 'newFile', code: 'x', language: '<script>' },
      { type: 'errorAction', action: 'openSettings', service: 'Z' },
      { type: 'errorAction', action: 'deleteEverything', service: 'A' },
    ];
    for (const m of bad) assert.equal(parseWebviewMessage(m), undefined, JSON.stringify(m));
  });

  it('keeps every length limit: at the limit passes, one past it is dropped', () => {
    const text = (n: number) => 'x'.repeat(n);
    const dataUrl = (n: number) => 'data:image/png;base64,' + 'A'.repeat(n - 'data:image/png;base64,'.length);
    const MAX_TEXT = 1_000_000;
    const MAX_DATA_URL = 20 * 1024 * 1024;
    const atAndPast: Array<[(n: number) => unknown, number]> = [
      [(n) => ({ type: 'send', text: text(n) }), MAX_TEXT],
      [(n) => ({ type: 'editAndResend', turnId: 't1', text: text(n) }), MAX_TEXT],
      [(n) => ({ type: 'editAndResend', turnId: text(n), text: 'x' }), 200],
      [(n) => ({ type: 'openChat', chatId: text(n) }), 200],
      [(n) => ({ type: 'removeAttachment', id: text(n) }), 200],
      [(n) => ({ type: 'approveTool', callId: text(n), decision: 'approve' }), 200],
      [(n) => ({ type: 'speech/ended', id: text(n), playedSeconds: 1 }), 200],
      [(n) => ({ type: 'setOptions', options: { model: text(n) } }), 100],
      [(n) => ({ type: 'attachImage', name: text(n), dataUrl: dataUrl(30) }), 500],
      [(n) => ({ type: 'attachImage', name: 'a.png', dataUrl: dataUrl(n) }), MAX_DATA_URL],
      [(n) => ({ type: 'codeAction', action: 'copy', code: text(n) }), MAX_TEXT],
      [(n) => ({ type: 'codeAction', action: 'copy', code: 'x', language: text(n) }), 100],
      [(n) => ({ type: 'speech/failed', id: 'r1', reason: 'error', message: text(n) }), 1000],
      [(n) => ({ type: 'mentionQuery', requestId: 1, query: text(n) }), 200],
      [(n) => ({ type: 'mention', itemId: text(n) }), 2000],
      // Approve-each: one index per file, and a call holds at most MAX_EDITS_PER_CALL replacements.
      [(n) => ({ type: 'approveEdits', callId: 'c1', files: Array.from({ length: n }, (_, i) => i) }), MAX_EDITS_PER_CALL],
    ];
    for (const [make, limit] of atAndPast) {
      const at = make(limit);
      assert.deepEqual(parseWebviewMessage(at), at, `${(at as { type: string }).type} at ${limit}`);
      assert.equal(parseWebviewMessage(make(limit + 1)), undefined, `${(at as { type: string }).type} past ${limit}`);
    }
  });

  it('approve-each indices stay below MAX_EDITS_PER_CALL, the limit apply_edit enforces', () => {
    const approve = (files: number[]) => ({ type: 'approveEdits', callId: 'c1', files });
    assert.deepEqual(parseWebviewMessage(approve([MAX_EDITS_PER_CALL - 1])), approve([MAX_EDITS_PER_CALL - 1]));
    assert.equal(parseWebviewMessage(approve([MAX_EDITS_PER_CALL])), undefined);
    assert.equal(parseWebviewMessage(approve([0, 0])), undefined);
  });

  it('drops empty ids, extra fields, undefined option values and inherited type names', () => {
    const bad: unknown[] = [
      { type: 'openChat', chatId: '' },
      { type: 'deleteChat', chatId: '' },
      { type: 'removeAttachment', id: '' },
      { type: 'approveTool', callId: '', decision: 'deny' },
      { type: 'speech/stopRequested', id: '' },
      { type: 'speech/readAnswer', turnId: '' },
      { type: 'speech/readAnswer', turnId: 't1', text: 'read this instead' },
      { type: 'editAndResend', turnId: 't1', text: ' \n\t ' },
      { type: 'send', text: 'x', html: '<b>x</b>' },
      { type: 'stop', chatId: 'c1' },
      { type: 'attach', kind: 'file', path: '/etc/passwd' },
      { type: 'setOptions', options: { thinking: undefined } },
      { type: 'setOptions', options: {}, chatId: 'c1' },
      { type: 'speech/playing', id: 'r1', scheduledAt: Number.POSITIVE_INFINITY, startsInMs: 1 },
      { type: 'speech/progress', id: 'r1', playedSeconds: 1, scheduledSeconds: 4, paused: 'no' },
      { type: 'toString' },
      { type: 'hasOwnProperty' },
      { type: '__proto__' },
      { type: 'constructor' },
    ];
    for (const m of bad) assert.equal(parseWebviewMessage(m), undefined, JSON.stringify(m));
    assert.deepEqual(parseWebviewMessage({ type: 'setOptions', options: {} }), { type: 'setOptions', options: {} });
  });

  it('has a shape for every message type: a message added without one does not compile', () => {
    type Grown = WebviewMessage | { type: 'newThing'; text: string };
    // @ts-expect-error the table has no shape for 'newThing', so tsc refuses it for the grown union
    const missing: MessageChecks<Grown> = webviewMessageChecks;
    const complete: MessageChecks<Grown> = {
      ...webviewMessageChecks,
      newThing: shape<{ type: 'newThing'; text: string }>({ type: oneOf('newThing'), text: isString }),
    };
    // At runtime the missing shape would have meant the silent drop the compile error prevents.
    assert.equal(parseMessage(missing, { type: 'newThing', text: 'x' }), undefined);
    assert.deepEqual(parseMessage(complete, { type: 'newThing', text: 'x' }), { type: 'newThing', text: 'x' });
  });
});
