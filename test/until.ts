/** Polls `check` until it returns a truthy value (which it resolves with), failing after `timeoutMs`. */
export async function until<T>(check: () => T | undefined | false, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
