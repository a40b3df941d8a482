/**
 * The bench's payment scenario (npm run bench -- --only payments): 200 shoppers at once each place an
 * order and pay it by mobile money through the simulators (their own process), which approves
 * each prompt APPROVE_AFTER_SECONDS after it arrives (1 s unless BENCH_PAY_APPROVE_SECONDS says).
 * Measures the time from the approval (when the simulator's status read starts saying SUCCESSFUL) to
 * the order's paidAt, with callbacks and with callbacks off (the poller alone), and checks every
 * approved attempt paid its order exactly once with one "payment received" e-mail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { orderReference } from '../src/shared/order-status';
import { shopEnvForSimulator } from '../simulators/shop-env';
import { benchOrderBody, json } from './bench/http';
import { freePort, stopChild, waitForHealth } from './local-server';

export const PAYMENT_SHOPPERS = 200;
/**
 * The shop's own defaults (docs/settings.md; DEFAULT_PAYMENT_TIMING in src/server/features/payments/service.ts):
 * first status read 3 s after the request, the poller looks for due reads every 250 ms.
 */
const FIRST_POLL_MS = 3_000;
/** Seconds from the prompt to the approval; BENCH_PAY_APPROVE_SECONDS changes it (to see the burst's share). */
export const APPROVE_AFTER_SECONDS = Number(process.env.BENCH_PAY_APPROVE_SECONDS || 1);

export interface PaymentRow {
  db: string;
  scenario: string;
  shoppers: number;
  started: number;
  paid: number;
  paidOnce: boolean;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  targetMs: number;
  note: string;
}

export interface BenchSimulator {
  url: string;
  /** What the shop's settings need to collect through it (callbacks to `shopBase`). */
  shopEnv: Record<string, string>;
  stop(): Promise<void>;
}

/** The simulators (simulators/main.ts, run through tsx: they are not part of the build) on a loopback port. */
export async function startBenchSimulator(root: string, shopPort: number): Promise<BenchSimulator> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const callbackBase = `http://127.0.0.1:${shopPort}/api/payments/callback`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'simulators/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      SIMULATOR_PORT: String(port),
      SIMULATOR_HOST: '127.0.0.1',
      SIMULATOR_AIRTEL_CALLBACK_URL: `${callbackBase}/airtel`,
    },
    stdio: 'ignore',
  });
  try {
    await waitForHealth(url, child, '/_sim/requests');
  } catch (error) {
    await stopChild(child);
    throw new Error(`the simulator did not start: ${(error as Error).message}`);
  }
  return {
    url,
    shopEnv: shopEnvForSimulator(url, callbackBase),
    stop: () => stopChild(child),
  };
}

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] : NaN;

interface Shopper {
  email: string;
  auth: Record<string, string>;
  orderId?: string;
  reference?: string;
}

/**
 * One run of PAYMENT_SHOPPERS shoppers. `callbacks` false: the simulator never calls back, so only the
 * poller finds the approvals. The outbox is the shop's DATA_DIR/outbox (no SMTP in the bench).
 */
export async function benchPayments(opts: {
  db: string;
  base: string;
  simulatorUrl: string;
  adminAuth: Record<string, string>;
  product: { _id: string; price: number };
  outbox: string;
  callbacks: boolean;
}): Promise<PaymentRow> {
  const { base, simulatorUrl, adminAuth, product } = opts;
  const tag = `payer-${opts.callbacks ? 'cb' : 'poll'}-${Date.now().toString(36)}`;
  await json(`${simulatorUrl}/_sim/reset`, { method: 'POST', body: '{}' });
  await json(`${simulatorUrl}/_sim/behaviour`, {
    method: 'POST',
    body: JSON.stringify({
      outcome: 'approve',
      afterSeconds: APPROVE_AFTER_SECONDS,
      callback: opts.callbacks ? 'once' : 'never',
    }),
  });

  // Accounts first (password hashing is not what this measures), twenty at a time.
  const shoppers: Shopper[] = [];
  for (let i = 0; i < PAYMENT_SHOPPERS; i += 20) {
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, PAYMENT_SHOPPERS - i) }, async (_, k) => {
          const email = `${tag}-${i + k}@bench.example`;
          const { token } = await json<{ token: string }>(`${base}/api/users`, {
            method: 'POST',
            body: JSON.stringify({ name: `Bench ${tag} ${i + k}`, email, password: 'bench-password-1' }),
          });
          return { email, auth: { authorization: `Bearer ${token}` } };
        }),
      )),
    );
  }

  // All at once: place the order, then ask to pay it from the shopper's own number.
  const started = Date.now();
  const failures: string[] = [];
  const placeMs: number[] = [];
  const startMs: number[] = [];
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      const method = i % 2 === 0 ? 'mtn' : 'airtel';
      const phone = `${method === 'mtn' ? '096' : '097'}${1_000_000 + i}`;
      try {
        const t0 = Date.now();
        const order = await json<{ _id: string }>(`${base}/api/orders`, {
          method: 'POST',
          headers: shopper.auth,
          body: JSON.stringify(
            benchOrderBody([{ product: product._id, price: product.price, quantity: 1 }], {
              paymentMethod: method,
              phone,
            }),
          ),
        });
        shopper.orderId = order._id;
        const t1 = Date.now();
        placeMs.push(t1 - t0);
        const attempt = await json<{ reference: string }>(`${base}/api/orders/${order._id}/payments`, {
          method: 'POST',
          headers: shopper.auth,
          body: JSON.stringify({ phone }),
        });
        shopper.reference = attempt.reference;
        startMs.push(Date.now() - t1);
      } catch (error) {
        failures.push((error as Error).message.slice(0, 200));
      }
    }),
  );
  const startSeconds = (Date.now() - started) / 1000;
  const paying = shoppers.filter((s) => s.reference);

  // Wait until every order is paid (two list pages a second), or a minute passed.
  const paidAt = new Map<string, number>();
  const deadline = Date.now() + 60_000;
  while (paidAt.size < paying.length && Date.now() < deadline) {
    for (let page = 1; ; page++) {
      const list = await json<{ orders: { _id: string; isPaid: boolean; paidAt: string | null }[]; pages: number }>(
        `${base}/api/orders?keyword=${tag}&limit=100&page=${page}`,
        { headers: adminAuth },
      );
      for (const o of list.orders) if (o.isPaid && o.paidAt) paidAt.set(o._id, Date.parse(o.paidAt));
      if (page >= list.pages) break;
    }
    if (paidAt.size < paying.length) await new Promise((r) => setTimeout(r, 500));
  }

  // Approval times from the simulator; each order's attempts from the shop.
  const { requests } = await json<{ requests: { reference: string; status: string; endedAt: string | null }[] }>(
    `${simulatorUrl}/_sim/requests`,
  );
  const approvedAt = new Map(
    requests.filter((r) => r.status === 'SUCCESSFUL' && r.endedAt).map((r) => [r.reference, Date.parse(r.endedAt!)]),
  );
  const latencies: number[] = [];
  let oneSuccessfulAttemptEach = true;
  for (const shopper of paying) {
    const attempts = await json<{ state: string }[]>(`${base}/api/orders/${shopper.orderId}/payments`, {
      headers: shopper.auth,
    });
    if (attempts.length !== 1 || attempts[0].state !== 'successful') oneSuccessfulAttemptEach = false;
    const approved = approvedAt.get(shopper.reference!);
    const paid = paidAt.get(shopper.orderId!);
    if (approved !== undefined && paid !== undefined) latencies.push(paid - approved);
  }

  // One "payment received" message per order (a file per message row: a resend would be a second file of one id).
  const mailsOf = () => {
    const perOrder = new Map<string, Set<string>>();
    if (!existsSync(opts.outbox)) return perOrder;
    for (const file of readdirSync(opts.outbox).filter((f) => f.endsWith('.eml'))) {
      const subject = /^Subject: (.*)$/m.exec(readFileSync(path.join(opts.outbox, file), 'utf8'))?.[1] ?? '';
      const ref = /^Order #(\w+): payment received$/.exec(subject)?.[1];
      if (ref) perOrder.set(ref, (perOrder.get(ref) ?? new Set()).add(file.slice(-40, -4)));
    }
    return perOrder;
  };
  const mailDeadline = Date.now() + 30_000;
  let mails = mailsOf();
  while (paying.some((s) => !mails.has(orderReference(s.orderId!))) && Date.now() < mailDeadline) {
    await new Promise((r) => setTimeout(r, 500));
    mails = mailsOf();
  }
  const oneMailEach = paying.every((s) => mails.get(orderReference(s.orderId!))?.size === 1);

  const sorted = latencies.sort((a, b) => a - b);
  const targetMs = opts.callbacks ? 2_000 : FIRST_POLL_MS;
  const paidOnce =
    failures.length === 0 &&
    paidAt.size === paying.length &&
    approvedAt.size === paying.length &&
    oneSuccessfulAttemptEach &&
    oneMailEach;
  const row: PaymentRow = {
    db: opts.db,
    scenario: opts.callbacks ? 'pay by mobile money, callbacks on' : 'pay by mobile money, callbacks off (poll only)',
    shoppers: PAYMENT_SHOPPERS,
    started: paying.length,
    paid: paidAt.size,
    paidOnce,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
    targetMs,
    note:
      `${paying.length} of ${PAYMENT_SHOPPERS} payments started in ${startSeconds.toFixed(1)} s${failures.length ? ` (${failures.length} failed: ${failures[0]})` : ''} ` +
      `(placing an order p50 ${percentile(
        placeMs.sort((a, b) => a - b),
        0.5,
      )} ms, starting its payment p50 ${percentile(
        startMs.sort((a, b) => a - b),
        0.5,
      )} ms); ` +
      `${approvedAt.size} approved ${APPROVE_AFTER_SECONDS} s after the prompt, ${paidAt.size} orders paid; one successful attempt each: ${oneSuccessfulAttemptEach}; ` +
      `one "payment received" e-mail each: ${oneMailEach}; approval to paid p99 ${percentile(sorted, 0.99)} ms, target under ${targetMs} ms: ${percentile(sorted, 0.99) < targetMs}`,
  };
  return row;
}
