// A few milliseconds of rendering per frame, shared by every answer on screen. Work that does not
// fit waits for the next animation frame, so a huge or hostile answer fills in over several
// frames instead of freezing the view (typing, scrolling and Stop keep working meanwhile).

export interface FrameClock {
  now(): number;
  /** Calls back once the next frame has been painted. */
  requestFrame(callback: () => void): void;
}

export class FrameBudget {
  /** End of the current frame's allowance; opened by the first work after a frame starts. */
  private windowEnd: number | undefined;
  private readonly waiting = new Set<() => void>();
  private frameRequested = false;

  constructor(
    private readonly clock: FrameClock,
    private readonly budgetMs: number,
  ) {}

  /** Whether this frame still has time for another unit of work. */
  hasTime(): boolean {
    const now = this.clock.now();
    if (this.windowEnd === undefined) {
      this.windowEnd = now + this.budgetMs;
      this.requestFrame();
    }
    return now < this.windowEnd;
  }

  /** Runs `task` after the next frame, once however often it is asked for before then. */
  later(task: () => void): void {
    this.waiting.add(task);
    this.requestFrame();
  }

  private requestFrame(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.clock.requestFrame(() => {
      this.frameRequested = false;
      this.windowEnd = undefined;
      const tasks = [...this.waiting];
      this.waiting.clear();
      for (const task of tasks) task();
    });
  }
}
