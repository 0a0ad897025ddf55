import * as assert from 'node:assert/strict';
import { parseWebviewMessage } from '../../../src/shared/validateWebviewMessage';

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
      { type: 'attach', kind: 'selection' },
      { type: 'attachImage', name: 'a.png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
      { type: 'removeAttachment', id: 'a1' },
      { type: 'approveTool', callId: 'call_1', decision: 'always' },
      { type: 'codeAction', action: 'insert', code: 'x = 1', language: 'python' },
      { type: 'codeAction', action: 'copy', code: 'x' },
      { type: 'errorAction', action: 'setKey', service: 'B' },
      { type: 'speech/playing', id: 'r1', scheduledAt: 1790000000000.5, startsInMs: 21.3 },
      { type: 'speech/progress', id: 'r1', playedSeconds: 1.5, scheduledSeconds: 4, paused: false },
      { type: 'speech/ended', id: 'r1', playedSeconds: 4 },
      { type: 'speech/failed', id: 'r1', reason: 'blocked', message: 'Audio is blocked until you click Play.' },
      { type: 'speech/stopRequested', id: 'r1' },
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
      { type: 'attachImage', name: 'a.svg', dataUrl: 'data:image/svg+xml;base64,PHN2Zz4=' },
      { type: 'attachImage', name: 'a.png', dataUrl: 'https://example.com/a.png' },
      { type: 'approveTool', callId: 'c', decision: 'maybe' },
      { type: 'codeAction', action: 'run', code: 'rm -rf /' },
      { type: 'codeAction', action: 'newFile', code: 'x', language: '<script>' },
      { type: 'errorAction', action: 'openSettings', service: 'Z' },
      { type: 'errorAction', action: 'deleteEverything', service: 'A' },
    ];
    for (const m of bad) assert.equal(parseWebviewMessage(m), undefined, JSON.stringify(m));
  });
});
