/** Reads until `done`, every 50 ms, for at most `ms`; the error names what was awaited and the last value read. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)?.slice(0, 2_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
