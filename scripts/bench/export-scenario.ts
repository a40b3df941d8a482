/**
 * The export measure: shoppers paging through the catalogue while an admin exports every order as CSV.
 * The list is asked for random pages and categories (so answers come from the search index and the
 * database, not one cached answer), first alone, then while exports of all orders run one after another.
 * Reports both rates, each export's time and size, and the servers' peak memory during the exports.
 */
import type autocannon from 'autocannon';
import { CATEGORIES } from '../../src/shared/categories';
import { json } from './http';

export const EXPORT_SCENARIO_KEY = 'export';

export interface ExportRun {
  /** Random list pages, for autocannon. */
  listOpts: Omit<autocannon.Options, 'url'>;
  /** Starts exporting all orders again and again until `stop()`; answers what was exported. */
  startExports(): { stop(): Promise<{ exports: number; seconds: number[]; megabytes: number; rows: number }> };
}

export async function exportScenario(base: string, adminToken: string): Promise<ExportRun> {
  const first = await json(`${base}/api/products?limit=12`);
  const pages = Math.max(1, first.pages as number);
  const listOpts: Omit<autocannon.Options, 'url'> = {
    requests: [
      {
        setupRequest: (req) => {
          const category =
            Math.random() < 0.5 ? `&category=${CATEGORIES[Math.floor(Math.random() * CATEGORIES.length)]}` : '';
          const page =
            1 + Math.floor(Math.random() * (category ? Math.max(1, Math.floor(pages / CATEGORIES.length)) : pages));
          req.path = `/api/products?page=${page}&limit=12${category}`;
          return req;
        },
      },
    ],
  };
  const today = new Date();
  const from = new Date(today.getTime() - 4.9 * 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  // Tomorrow in UTC is today or later in Lusaka: the whole last day is in.
  const to = new Date(today.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const url = `${base}/api/reports/orders.csv?from=${from}&to=${to}`;

  return {
    listOpts,
    startExports() {
      let stopped = false;
      const seconds: number[] = [];
      let bytes = 0;
      let rows = 0;
      const loop = (async () => {
        while (!stopped) {
          const started = performance.now();
          // As a browser asks: gzip accepted (fetch unpacks it), so the server does a real download's work.
          const res = await fetch(url, {
            headers: { authorization: `Bearer ${adminToken}`, 'accept-encoding': 'gzip' },
          });
          if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
          let lines = 0;
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
            bytes += chunk.length;
            for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
          }
          rows = lines - 1;
          seconds.push((performance.now() - started) / 1000);
        }
      })();
      return {
        async stop() {
          stopped = true;
          await loop;
          return { exports: seconds.length, seconds, megabytes: bytes / 1024 / 1024, rows };
        },
      };
    },
  };
}
