/** What a probe answers while the awaited condition does not hold yet. */
type NotYet = undefined | null | false;

/**
 * Polls `probe` until it answers a value (anything but undefined, null or false) and answers that value;
 * throws "timed out waiting for <what>" once `timeoutMs` has passed. Tests wait on a condition with it,
 * never on a fixed sleep.
 */
export async function until<T>(probe: () => Promise<T | NotYet> | T | NotYet, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
