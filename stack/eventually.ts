/** Reads until `ok` holds, every `everyMs`, and fails naming `what` if it never does within `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  { timeoutMs = 20_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`never happened within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
