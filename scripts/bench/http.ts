import { readFileSync } from 'node:fs';

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
  peakRssMb: number;
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

export async function json(url: string, init?: RequestInit) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Reads a count every `everyMs` until it stops changing (or is `done`), and answers the last reading. */
export async function whenSteady(read: () => Promise<number>, everyMs: number, done: (count: number) => boolean = () => false): Promise<number> {
  let count = await read();
  for (let previous = -1; !done(count) && count !== previous; ) {
    await new Promise((r) => setTimeout(r, everyMs));
    [previous, count] = [count, await read()];
  }
  return count;
}
