/**
 * One computation per key at a time: whoever asks while it runs gets the same promise, so fifty requests
 * missing the same cache entry cost one query. The key is forgotten when the computation settles.
 */
export class InFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, compute: () => Promise<T>): Promise<T> {
    let pending = this.running.get(key);
    if (!pending) {
      pending = compute().finally(() => this.running.delete(key));
      this.running.set(key, pending);
    }
    return pending;
  }
}
