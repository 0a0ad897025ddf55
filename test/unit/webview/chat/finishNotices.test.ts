import * as assert from 'node:assert/strict';
import type { Simulator } from '../../../../sim/simulator';
import { turnNotices, type TurnNotice } from '../../../../src/webview/chat/turnNotices';
import { chatHarness, type Harness, simulatorForChats } from '../../core/chat/chatHarness';

/** The words each early finish is explained with; both the old copies used them. */
const SAYS = {
  length: /maximum output length/i,
  content_filter: /content filter/i,
  repetition_truncation: /repeating itself/i,
} as const;

/** The words of a notice as the answer's footer shows them: a note's text, or an error's message and its fix. */
function noticeText(notice: TurnNotice): string {
  return notice.kind === 'note' ? notice.text : [notice.error.message, notice.error.hint].filter(Boolean).join(' ');
}

describe('chat: an answer that ends early is explained once', () => {
  let sim: Simulator;
  let h: Harness | undefined;
  simulatorForChats(
    (started) => (sim = started),
    () => h,
  );

  for (const [finish, says] of Object.entries(SAYS)) {
    it(`finish_reason "${finish}": one notice, with its fix, and the text kept`, async () => {
      h = chatHarness(sim, { headers: { 'x-sim-finish': finish }, options: { thinking: false } });
      await h.controller.send('Write a poem about rivers');
      // What the webview shows is what the session sent last for this turn.
      const sent = h.messages.filter((m) => m.type === 'turn' && m.turn.role === 'assistant').at(-1);
      assert.ok(sent?.type === 'turn' && sent.turn.role === 'assistant');
      const turn = sent.turn;
      assert.equal(turn.finishReason, finish);
      assert.ok(turn.content.length > 0, 'the text is kept');
      const notices = turnNotices(turn);
      const explaining = notices.filter((n) => says.test(noticeText(n)));
      assert.equal(explaining.length, 1, `explained once, not twice: ${JSON.stringify(notices.map(noticeText))}`);
      assert.equal(notices.length, 1, 'nothing else under the answer');
      assert.equal(notices[0].kind, 'error');
      if (notices[0].kind === 'error') assert.equal(notices[0].error.code, finish);
    });
  }
});
