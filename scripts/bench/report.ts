import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APPROVE_AFTER_SECONDS, type PaymentRow } from '../bench-payments';
import type { Row } from './http';

/** Writes a run's figures to `outDir`/<date>.json and .md and prints the .md's tables. */
export function writeReport(
  outDir: string,
  run: {
    duration: number;
    connections: number;
    instances: number;
    shape: string;
    /** The checkout measured and its commit (scripts/lib/checkout.ts). */
    app: { dir: string; commit: string };
    rows: Row[];
    payments: PaymentRow[];
    skipped: string;
  },
) {
  const { duration, connections, instances, shape, app, rows, payments, skipped } = run;
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const header =
    '| db | products | instances | scenario | req/s | p50 ms | p99 ms | non-2xx | peak RSS MB (each instance) | RSS after start MB |\n|---|---|---|---|---|---|---|---|---|---|\n';
  const table =
    header +
    rows
      .map(
        (r) =>
          `| ${r.db} | ${r.products} | ${r.instances} | ${r.scenario} | ${r.requestsPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.peakRssEachMb.join('/')} | ${r.idleRssEachMb?.join('/') ?? ''} |`,
      )
      .join('\n');
  const paymentTable = payments.length
    ? `\n\nMobile money through the simulator: 200 shoppers at once order and pay, each prompt approved ${APPROVE_AFTER_SECONDS} s after it arrives; ` +
      'time from the approval to the order paid (shop defaults: first status read 3 s after the request, poller every 250 ms).\n\n' +
      '| db | scenario | paid | p50 ms | p95 ms | p99 ms | max ms | target p99 | paid once |\n|---|---|---|---|---|---|---|---|---|\n' +
      payments
        .map(
          (r) =>
            `| ${r.db} | ${r.scenario} | ${r.paid}/${r.shoppers} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | < ${r.targetMs} ${r.p99 < r.targetMs ? 'met' : 'MISSED'} | ${r.paidOnce} |`,
        )
        .join('\n') +
      '\n\n' +
      payments.map((r) => `- ${r.db}, ${r.scenario}: ${r.note}`).join('\n')
    : '';
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.db}, ${r.products}, ${r.scenario}: ${r.note}`);
  const body =
    (rows.length ? table + (notes.length ? `\n\n${notes.join('\n')}` : '') : '') +
    paymentTable +
    (skipped ? `\n\n${skipped}.` : '');
  writeFileSync(
    path.join(outDir, `${stamp}.json`),
    JSON.stringify({ when: new Date().toISOString(), app, duration, connections, instances, rows, payments }, null, 2),
  );
  writeFileSync(
    path.join(outDir, `${stamp}.md`),
    `# Benchmark ${stamp}\n\n${duration} s per scenario, ${connections} connections, ${shape}, 2 shared cores; the shop of ${app.dir} at ${app.commit}, on Node ${process.versions.node}.\n\n${body}\n`,
  );
  console.log(`\n${body}\n\nwritten to ${path.join(outDir, `${stamp}.md`)}`);
}
