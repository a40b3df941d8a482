import type { DeliveryOptionRow } from './queries';

export const DELIVERY_CHANNEL = 'delivery_options_changed';

/**
 * The delivery options (a handful of rows), read once and held until one changes: every order and every
 * checkout asks for them, and they change when an admin saves one. A save here empties this copy and,
 * on PostgreSQL, tells the other instances to empty theirs (a NOTIFY on DELIVERY_CHANNEL, as the
 * catalogue does); a listening connection that dropped empties it too, since notices may have been missed.
 */
export class DeliveryOptionsCache {
  /** The read in progress or done; emptied by a change, so a read begun before the change is not kept. */
  private rows: Promise<DeliveryOptionRow[]> | null = null;

  constructor(
    private readonly read: () => Promise<DeliveryOptionRow[]>,
    private readonly tellOthers: () => Promise<void>,
  ) {}

  list(): Promise<DeliveryOptionRow[]> {
    if (this.rows) return this.rows;
    const reading = this.read();
    this.rows = reading;
    reading.catch(() => {
      if (this.rows === reading) this.rows = null;
    });
    return reading;
  }

  /** After an admin's save has committed: this instance reads again, and so do the others. */
  async changed(): Promise<void> {
    this.clearLocal();
    await this.tellOthers();
  }

  clearLocal(): void {
    this.rows = null;
  }
}
