/** What a wait is for, in its timeout's message: a function to tell what was seen by then. */
export type WaitedFor = string | (() => string);

const timedOut = (what: WaitedFor) => new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);

/**
 * Polls `check` (which may be async: a look into a browser page) every `everyMs` until it returns a
 * truthy value, which it resolves with; fails after `timeoutMs`, saying `what` it waited for.
 */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: WaitedFor,
  timeoutMs: number,
  everyMs = 10,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw timedOut(what);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Like `until`, but runs `nudge` before each look, for what has to be asked again until it happens
 * (VS Code's inline-suggest trigger, say). Polls every `everyMs`; fails after `timeoutMs`.
 */
export async function untilNudged<T>(
  nudge: () => unknown,
  check: () => T | undefined | false,
  what: WaitedFor,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await nudge();
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw timedOut(what);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
