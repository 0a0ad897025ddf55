// Read-aloud speed's pure parts: the speed grid and bounds, the source queue a speed change reads
// again, and the timeline that keeps the played position in source seconds whatever the speed.
import assert from 'node:assert/strict';
import { clampSpeechSpeed, formatSpeechSpeed, isSpeechSpeed, stepSpeechSpeed } from '../../../../src/shared/speechSpeed';
import { PlaybackTimeline } from '../../../../src/webview/speech/playbackTimeline';
import { SourceQueue } from '../../../../src/webview/speech/sourceQueue';

const frames = (from: number, count: number) => Float32Array.from({ length: count }, (_, i) => from + i);

describe('read-aloud speed', () => {
  describe('steps and bounds', () => {
    it('steps by 0.1 on a clean grid, so ten presses land exactly on 2', () => {
      let speed = 1;
      const seen: string[] = [];
      for (let i = 0; i < 10; i++) seen.push(formatSpeechSpeed((speed = stepSpeechSpeed(speed, 1))));
      assert.equal(speed, 2);
      assert.deepEqual(seen, ['1.1×', '1.2×', '1.3×', '1.4×', '1.5×', '1.6×', '1.7×', '1.8×', '1.9×', '2.0×']);
    });

    it('clamps at 0.5 and 2', () => {
      assert.equal(stepSpeechSpeed(2, 1), 2);
      assert.equal(stepSpeechSpeed(0.5, -1), 0.5);
      assert.equal(stepSpeechSpeed(0.6, -1), 0.5);
      assert.equal(clampSpeechSpeed(7), 2);
      assert.equal(clampSpeechSpeed(0.01), 0.5);
      assert.equal(clampSpeechSpeed(1.26), 1.3);
    });

    it('reads a setting that is not a number as the default, and the protocol refuses it', () => {
      for (const raw of ['fast', Number.NaN, Number.POSITIVE_INFINITY, undefined, null]) assert.equal(clampSpeechSpeed(raw), 1);
      assert.equal(isSpeechSpeed(1.5), true);
      for (const bad of [0.49, 2.01, Number.NaN, '1']) assert.equal(isSpeechSpeed(bad), false);
    });
  });

  describe('SourceQueue', () => {
    it('reads across pieces in order, then rewinds to read a stretch again', () => {
      const queue = new SourceQueue();
      queue.push(frames(0, 5));
      queue.push(frames(5, 3));
      assert.deepEqual([...queue.read(4)], [0, 1, 2, 3]);
      assert.deepEqual([...queue.read(10)], [4, 5, 6, 7]);
      assert.equal(queue.available, 0);
      queue.rewind(3);
      assert.equal(queue.available, 5);
      assert.deepEqual([...queue.read(3)], [3, 4, 5]);
      assert.equal(queue.totalFrames, 8, 'a rewind does not count the audio twice');
    });

    it('forgets only whole pieces already heard, and never what it has not read', () => {
      const queue = new SourceQueue();
      queue.push(frames(0, 4));
      queue.push(frames(4, 4));
      queue.read(6);
      queue.forget(5);
      queue.rewind(0);
      assert.equal(queue.readFrame, 4, 'the first piece is gone, the second is kept');
      assert.deepEqual([...queue.read(2)], [4, 5]);
      queue.forget(100);
      queue.rewind(4);
      assert.equal(queue.readFrame, 4, 'the piece being read is kept');
    });
  });

  describe('PlaybackTimeline', () => {
    it('gives source seconds: a 2× block of 0.5 s carries 1 s of source', () => {
      const timeline = new PlaybackTimeline();
      timeline.add({ at: 10, duration: 1, sourceStart: 0, sourceEnd: 1 });
      timeline.add({ at: 11, duration: 0.5, sourceStart: 1, sourceEnd: 2 });
      assert.equal(timeline.sourceAt(9), 0);
      assert.equal(timeline.sourceAt(10.5), 0.5);
      assert.equal(timeline.sourceAt(11.25), 1.5);
      assert.equal(timeline.sourceAt(12), 2);
      assert.equal(timeline.sourceAt(20), 2, 'held at the end in a gap');
    });

    it('hands back the blocks not started for a speed change; what plays is kept', () => {
      const timeline = new PlaybackTimeline();
      for (let i = 0; i < 4; i++) timeline.add({ at: i * 0.04, duration: 0.04, sourceStart: i * 0.04, sourceEnd: (i + 1) * 0.04 });
      const first = timeline.cancelFrom(0.05);
      assert.deepEqual(first, { at: 0.08, duration: 0.04, sourceStart: 0.08, sourceEnd: 0.12 });
      assert.equal(timeline.sourceAt(0.06), 0.06);
      assert.equal(timeline.sourceAt(0.2), 0.08, 'nothing after the cut plays any more');
      assert.equal(timeline.cancelFrom(0.3), undefined);
    });
  });
});
