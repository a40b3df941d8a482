/**
 * A small typed in-process event hub. A feature announces what happened; other features subscribe,
 * so the announcing feature never imports them.
 *
 * Two kinds of subscriber:
 * - `record`: runs INSIDE the announcer's transaction, for what must not be lost (an outbox row): it
 *   commits or rolls back with the change itself, so a crash between commit and delivery loses nothing.
 *   A failure here fails the change.
 * - `after`: runs once the transaction has committed (wake a delivery line, refresh a copy). Never
 *   delays or fails the announcer: errors are handed to `onError`.
 */
export class EventHub<Events extends { [K in keyof Events]: unknown }, Tx> {
  readonly #recorders = new Map<keyof Events, ((tx: Tx, payload: never) => Promise<void>)[]>();
  readonly #followers = new Map<keyof Events, ((payload: never) => void | Promise<void>)[]>();

  constructor(private readonly onError: (error: unknown, event: keyof Events) => void) {}

  record<K extends keyof Events>(event: K, handler: (tx: Tx, payload: Events[K]) => Promise<void>): void {
    this.#recorders.set(event, [
      ...(this.#recorders.get(event) ?? []),
      handler as (tx: Tx, payload: never) => Promise<void>,
    ]);
  }

  after<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void | Promise<void>): void {
    this.#followers.set(event, [...(this.#followers.get(event) ?? []), handler as (payload: never) => void]);
  }

  /**
   * Runs `work` in a transaction of `db`; the events it raises are recorded inside that transaction and
   * announced to the `after` subscribers once it has committed (never when it rolled back).
   */
  async transaction<T>(
    db: { transaction<R>(work: (tx: Tx) => Promise<R>): Promise<R> },
    work: (tx: Tx, raise: <K extends keyof Events>(event: K, payload: Events[K]) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const raised: [keyof Events, unknown][] = [];
    const result = await db.transaction((tx) =>
      work(tx, async (event, payload) => {
        for (const handler of this.#recorders.get(event) ?? []) await handler(tx, payload as never);
        raised.push([event, payload]);
      }),
    );
    for (const [event, payload] of raised) this.#announce(event, payload);
    return result;
  }

  #announce(event: keyof Events, payload: unknown) {
    for (const handler of this.#followers.get(event) ?? []) {
      try {
        void Promise.resolve(handler(payload as never)).catch((error) => this.onError(error, event));
      } catch (error) {
        this.onError(error, event);
      }
    }
  }
}
