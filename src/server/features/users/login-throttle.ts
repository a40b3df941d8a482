export interface LoginThrottleOptions {
  maxFailures?: number;
  windowMs?: number;
  /** Bound on remembered addresses, so a flood of spoofed or rotating addresses cannot exhaust memory. */
  maxAddresses?: number;
  now?: () => number;
}

/**
 * Failed logins per key (an address, or an account at an address), kept in this process's memory (so per instance: with several
 * instances behind a balancer each counts on its own). After `maxFailures` failures within `windowMs`
 * the address waits until the oldest of those failures leaves the window.
 */
export class LoginThrottle {
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly maxAddresses: number;
  private readonly now: () => number;
  /** Address -> times of its most recent failures (at most maxFailures). Map order = least recently failed first. */
  private readonly failures = new Map<string, number[]>();

  constructor(options: LoginThrottleOptions = {}) {
    this.maxFailures = options.maxFailures ?? 5;
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.maxAddresses = options.maxAddresses ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds this address must still wait before trying again; 0 when it may try now. */
  retryAfterMs(address: string): number {
    const recent = this.recentFailures(address);
    if (recent.length < this.maxFailures) return 0;
    return recent[0] + this.windowMs - this.now();
  }

  recordFailure(address: string): void {
    const recent = this.recentFailures(address);
    recent.push(this.now());
    if (recent.length > this.maxFailures) recent.shift();
    this.failures.delete(address);
    this.failures.set(address, recent);
    while (this.failures.size > this.maxAddresses) {
      const oldest = this.failures.keys().next().value as string;
      this.failures.delete(oldest);
    }
  }

  /** A successful login forgives the address's earlier failures. */
  reset(address: string): void {
    this.failures.delete(address);
  }

  /** Takes back the latest failure recorded (counted before a check that then succeeded). */
  forgetLatest(address: string): void {
    const times = this.failures.get(address);
    times?.pop();
    if (times?.length === 0) this.failures.delete(address);
  }

  get size(): number {
    return this.failures.size;
  }

  private recentFailures(address: string): number[] {
    const times = this.failures.get(address);
    if (!times) return [];
    const since = this.now() - this.windowMs;
    const recent = times.filter((t) => t > since);
    if (recent.length === 0) this.failures.delete(address);
    return recent;
  }
}

/** The 429 text: whole minutes, rounded up, so "1 minute" never means "wait 50 more seconds". */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
