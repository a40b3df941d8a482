import { readFileSync, writeFileSync } from 'node:fs';
import { computeTotalsInKwacha } from '../../src/shared/money';

/** One scenario's figures, as the report tables print them. */
export interface Row {
  db: string;
  products: number;
  scenario: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Shop processes answering the scenario (behind nginx when more than one). */
  instances: number;
  /** The highest of the instances' peak RSS. */
  peakRssMb: number;
  /** Each instance's peak RSS, in start order. */
  peakRssEachMb: number[];
  /** Each instance's RSS once it answered, before the first scenario (the same for every row of a run). */
  idleRssEachMb?: number[];
  note?: string;
}

/** The server's peak resident memory so far (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/**
 * A request with a JSON body and answer. The status is checked before the answer is parsed, so an error
 * page that is not JSON still says which request failed and how; an empty answer reads as {}.
 */
export async function json<T = any>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Where the bench's shoppers have their orders delivered. */
export const ADDRESS = {
  address: '12 Bench Road',
  city: 'Choma',
  province: 'Southern',
  zipCode: '10101',
  phoneNumber: '+260970000000',
};

/**
 * The body of a bench order: the lines' products and quantities and the total the shop will compute for
 * them; Airtel and ADDRESS unless `paymentMethod` or the shopper's `phone` are given.
 */
export function benchOrderBody(
  lines: readonly { product: string; price: number; quantity: number }[],
  opts: { paymentMethod?: 'airtel' | 'mtn'; phone?: string } = {},
) {
  return {
    orderItems: lines.map(({ product, quantity }) => ({ product, quantity })),
    shippingAddress: opts.phone ? { ...ADDRESS, phoneNumber: opts.phone } : ADDRESS,
    paymentMethod: opts.paymentMethod ?? 'airtel',
    totalAmount: computeTotalsInKwacha(lines).totalPrice,
  };
}

/** Reads a count every `everyMs` until it stops changing (or is `done`), and answers the last reading. */
export async function whenSteady(
  read: () => Promise<number>,
  everyMs: number,
  done: (count: number) => boolean = () => false,
): Promise<number> {
  let count = await read();
  for (let previous = -1; !done(count) && count !== previous;) {
    await new Promise((r) => setTimeout(r, everyMs));
    [previous, count] = [count, await read()];
  }
  return count;
}

/** Starts the server's peak resident memory (VmHWM) again from what it holds now (Linux: clear_refs 5). */
export function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak then counts from the start, which the report says.
  }
}

/** The server's resident memory now (VmRSS), in MB. */
export function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}
