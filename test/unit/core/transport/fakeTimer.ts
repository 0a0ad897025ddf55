import type { Timer } from '../../../../src/core/transport/callDeadline';

/** Deadlines on a clock the test moves: advance() fires whatever falls due, in order. */
export class FakeTimer {
  private now = 0;
  private pending: Array<{ at: number; fire: () => void }> = [];

  readonly timer: Timer = (ms, fire) => {
    const entry = { at: this.now + ms, fire };
    this.pending.push(entry);
    return () => {
      this.pending = this.pending.filter((e) => e !== entry);
    };
  };

  advance(ms: number): void {
    this.now += ms;
    for (;;) {
      const due = this.pending.filter((e) => e.at <= this.now).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      this.pending = this.pending.filter((e) => e !== due);
      due.fire();
    }
  }
}
