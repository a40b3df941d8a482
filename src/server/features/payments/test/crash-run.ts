import { expect } from 'vitest';
import { shopEnvForSimulator } from '../../../../../simulators/shop-env';
import { startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import { orderReference } from '../../../../shared/order-status';
import { freePort } from '../../../../../scripts/local-server';
import { productsInStock, readOutbox, registerCustomers } from '../../mail/test/server-process';
import { address, orderBody } from '../../orders/test/fixtures';
import { waitUntil } from '../../../test/kill-and-restart';
import { cleanUpShops, startShop } from '../../../test/shop-process';

/**
 * Test-only: real shop processes paying orders through the real simulator (in the test's process, so
 * it outlives a shop killed with SIGKILL), and the checks that every attempt ended and every approved
 * order was paid exactly once with one "payment received" e-mail.
 */

const simulators: RunningSimulators[] = [];

/** Kills the shops a run left running, closes its simulators and removes its temp folders (a test file's afterAll). */
export async function cleanUpPaymentRuns() {
  await cleanUpShops();
  for (const simulator of simulators.splice(0)) await simulator.close();
}

/** Fast polls, a short lease (a killed instance's claims lapse in 5 s) and short provider calls. */
export const FAST_PAYMENTS = {
  PAYMENT_POLL_FIRST_SECONDS: '1',
  PAYMENT_POLL_MAX_SECONDS: '2',
  PAYMENT_LEASE_SECONDS: '5',
  PAYMENT_PROVIDER_TIMEOUT_SECONDS: '2',
};

export async function startSimulator() {
  const simulator = await startSimulators();
  simulators.push(simulator);
  return simulator;
}

/** A shop whose providers both collect through `simulator`, called back on its own port. */
export async function startPayingShop(simulator: RunningSimulators, env: Record<string, string>, port?: number) {
  const listenOn = port ?? (await freePort());
  const callbackBase = `http://127.0.0.1:${listenOn}/api/payments/callback`;
  return startShop({ ...shopEnvForSimulator(simulator.url, callbackBase), ...FAST_PAYMENTS, ...env }, listenOn);
}

export interface Payer {
  orderId: string;
  email: string;
  auth: Record<string, string>;
  method: PayerMethod;
  /** The wallet's number, or for a card the card's number (what the simulator keys its behaviour by). */
  phone: string;
  reference: string;
  /** Which shop took the order and started its payment. */
  base: string;
}

/**
 * MTN and Airtel through their own APIs, Zamtel Kwacha and cards through Lenco (the simulator's shop
 * settings): a card is entered in the stand-in of Lenco's widget, which waits on 3-D Secure until the
 * bank (the simulator) answers.
 */
const PAYER_METHODS = ['mtn', 'airtel', 'zamtel', 'creditCard'] as const;
type PayerMethod = (typeof PAYER_METHODS)[number];
const PREFIX: Record<Exclude<PayerMethod, 'creditCard'>, string> = { mtn: '096', airtel: '097', zamtel: '095' };

/** The i-th payer's own number (a card's for a card payer), so the simulator can be told how each one answers. */
export const phoneOf = (method: PayerMethod, i: number) =>
  method === 'creditCard'
    ? `4622 9431 ${String(1000_0000 + i).replace(/(\d{4})(\d{4})/, '$1 $2')}`
    : `${PREFIX[method]}${1_000_000 + i}`;

/** The simulator's behaviour body for a payer: by phone, or by card. */
export const who = (phone: string) => (phone.startsWith('4622') ? { card: phone } : { phone });

interface CardWidget {
  scriptUrl: string;
  key: string;
  reference: string;
  amount: number;
  currency: string;
  email: string;
}

/**
 * What the shopper's browser does with the card widget the shop answered: the stand-in of Lenco's popup
 * posts the card to Lenco (the simulator, over HTTP) with the shop's reference and amount; 3-D Secure
 * leaves the collection pending at Lenco until the bank answers.
 */
async function payInWidget(widget: CardWidget, card: string) {
  const res = await fetch(new URL('/lenco/widget/pay', widget.scriptUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...widget, card, outcome: '3ds' }),
  });
  if (res.status !== 200) throw new Error(`widget ${res.status}: ${await res.text()}`);
}

/**
 * `count` orders (MTN, Airtel, Zamtel and card in turn), each from one of 16 new shoppers, and a payment
 * started for each from the payer's own number (a card's in Lenco's widget); `before(i, phone)` sets the
 * simulator's behaviour for that number or card first.
 */
export async function placeAndPay(
  base: string,
  count: number,
  opts: {
    first?: number;
    before?: (i: number, phone: string) => Promise<void>;
    /** The ways payers pay, taken in turn (default: all four; refunds need a provider that pays back). */
    methods?: readonly PayerMethod[];
  },
): Promise<Payer[]> {
  const methods = opts.methods ?? PAYER_METHODS;
  const shoppers = await registerCustomers(base, 16);
  const products = await productsInStock(base);
  const first = opts.first ?? 0;
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const i = first + n;
      const shopper = shoppers[n % shoppers.length];
      const product = products[i % products.length];
      const method = methods[i % methods.length]!;
      const phone = phoneOf(method, i);
      const card = method === 'creditCard';
      await opts.before?.(i, phone);
      const placed = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...shopper.auth },
        body: JSON.stringify(
          orderBody([{ product: product._id, name: product.name, quantity: 1, price: product.price }], {
            shippingAddress: { ...address, phoneNumber: card ? phoneOf('airtel', i) : phone },
            paymentMethod: method,
          }),
        ),
      });
      if (placed.status !== 201) throw new Error(`order ${placed.status}: ${await placed.text()}`);
      const orderId = ((await placed.json()) as { _id: string })._id;
      const started = await fetch(`${base}/api/orders/${orderId}/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...shopper.auth },
        body: JSON.stringify({ phone: card ? '' : phone }),
      });
      if (started.status !== 201) throw new Error(`payment ${started.status}: ${await started.text()}`);
      const { reference, widget } = (await started.json()) as { reference: string; widget?: CardWidget };
      if (card) {
        if (!widget) throw new Error('a card payment answered no widget');
        await payInWidget(widget, phone);
      }
      return { orderId, email: shopper.email, auth: shopper.auth, method, phone, reference, base };
    }),
  );
}

/** Tells the simulator how a number (or a card, `{card}`) answers from now on. */
export async function behave(simulator: RunningSimulators, body: Record<string, unknown>) {
  const { phone, ...rest } = body;
  if (typeof phone === 'string') body = { ...rest, ...who(phone) };
  const res = await simulator.app.inject({ method: 'POST', url: '/_sim/behaviour', payload: body });
  if (res.statusCode !== 200) throw new Error(`behaviour ${res.statusCode}: ${res.body}`);
}

/** The phone's answer, given while the shop may be down: the callback then fails and only a poll finds it. */
export async function answer(simulator: RunningSimulators, reference: string, action: 'approve' | 'decline') {
  const res = await simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/${action}` });
  if (res.statusCode !== 200) throw new Error(`${action} ${res.statusCode}: ${res.body}`);
}

interface AttemptJson {
  state: string;
  reference: string;
  providerTransactionId: string | null;
}

async function getJson<T>(url: string, auth: Record<string, string>): Promise<T> {
  const res = await fetch(url, { headers: auth });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** Waits until no payer has a live attempt (asked of `base`), then answers each payer's attempts. */
export async function waitUntilEveryAttemptEnded(
  base: string,
  payers: Payer[],
  ms: number,
): Promise<Map<string, AttemptJson[]>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const attempts = new Map<string, AttemptJson[]>();
    for (const payer of payers)
      attempts.set(
        payer.orderId,
        await getJson<AttemptJson[]>(`${base}/api/orders/${payer.orderId}/payments`, payer.auth),
      );
    const live = [...attempts.values()].flat().filter((a) => a.state === 'initiated' || a.state === 'pending');
    if (live.length === 0) return attempts;
    if (Date.now() > deadline)
      throw new Error(`${live.length} attempts still live: ${live.map((a) => a.reference).join(', ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Every payer has exactly one attempt, ended as the simulator ended it; an approved order is paid with
 * the provider's transaction id and has one "payment received" e-mail (distinct Message-IDs across the
 * outboxes: a resend after a crash is the same message again), a declined one is unpaid with none.
 */
export async function expectPaidOnce(
  base: string,
  simulator: RunningSimulators,
  payers: Payer[],
  outboxes: string[],
  attempts: Map<string, AttemptJson[]>,
) {
  const approved = payers.filter((p) => simulator.state.payments.get(p.reference)?.status === 'SUCCESSFUL');
  for (const payer of payers) {
    const atProvider = simulator.state.payments.get(payer.reference)!;
    expect(atProvider.status, payer.reference).not.toBe('PENDING');
    const mine = attempts.get(payer.orderId)!;
    expect(mine.map((a) => a.reference)).toEqual([payer.reference]);
    expect(mine[0].state, payer.reference).toBe(atProvider.status === 'SUCCESSFUL' ? 'successful' : 'failed');
    const order = await getJson<{ isPaid: boolean; paymentReference: string | null }>(
      `${base}/api/orders/${payer.orderId}`,
      payer.auth,
    );
    expect(order.isPaid, payer.orderId).toBe(atProvider.status === 'SUCCESSFUL');
    if (order.isPaid) expect(order.paymentReference).toBe(atProvider.providerTransactionId);
  }
  // The e-mail follows the payment in the background: wait for them, then count.
  const subjectOf = (p: Payer) => `Order #${orderReference(p.orderId)}: payment received`;
  // Only these payers' messages: the outboxes also hold earlier rounds'.
  const theirs = new Set(payers.map((p) => `${p.email} ${subjectOf(p)}`));
  const paidMessages = async () =>
    (await Promise.all(outboxes.map(readOutbox))).flat().filter((m) => theirs.has(`${m.to} ${m.subject}`));
  // A message whose sender was killed goes out again once its lease (20 s) has lapsed and a sweep (5 s) sees it.
  const deadline = Date.now() + 40_000;
  let messages = await paidMessages();
  while (new Set(messages.map((m) => m.messageId)).size < approved.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    messages = await paidMessages();
  }
  await new Promise((r) => setTimeout(r, 500));
  messages = await paidMessages();
  const perOrder = new Map<string, Set<string>>();
  for (const m of messages)
    perOrder.set(`${m.to} ${m.subject}`, (perOrder.get(`${m.to} ${m.subject}`) ?? new Set()).add(m.messageId));
  for (const payer of payers) {
    const ids = perOrder.get(`${payer.email} ${subjectOf(payer)}`) ?? new Set();
    expect(ids.size, `"payment received" e-mails of ${payer.orderId}`).toBe(approved.includes(payer) ? 1 : 0);
  }
  return { approved: approved.length, declined: payers.length - approved.length, paidMails: messages.length };
}

/**
 * One shop, payments pending at the simulator, kill -9 while approvals and their callbacks are
 * arriving (and `midSettle.heldNow()`, where the test can see the database, says a claim is held;
 * `heldAfterKill()` then says whether the dead shop's claim was still there), then approvals and declines
 * while it is down, then a restart on the same port and data.
 */
export async function crashWhilePaying(
  env: Record<string, string>,
  outbox: string,
  midSettle?: { heldNow: () => Promise<boolean>; heldAfterKill: () => Promise<boolean> },
) {
  const simulator = await startSimulator();
  const port = await freePort();
  simulator.settle.airtelCallbackUrl = `http://127.0.0.1:${port}/api/payments/callback/airtel`;
  simulator.settle.lencoWebhookUrl = `http://127.0.0.1:${port}/api/payments/callback/lenco`;
  const first = await startPayingShop(simulator, env, port);

  // Wave one answers by itself 1-3 s after the request (a quarter sends its callback twice); wave two
  // waits for the phone, which answers while the shop is down.
  const WAVE = 16;
  // A third of wave two answers status reads slowly (0.8 s), so a poll is often mid-read, its claim held.
  const payers = await placeAndPay(first.base, 2 * WAVE, {
    before: (i, phone) =>
      i < WAVE
        ? behave(simulator, {
            phone,
            outcome: 'approve',
            afterSeconds: 1 + (i % 3),
            callback: i % 4 === 0 ? 'twice' : 'once',
          })
        : i % 3 === 1
          ? behave(simulator, { phone, answer: 'slow', slowMs: 800 })
          : Promise.resolve(),
  });
  // A quarter pay by Zamtel Kwacha and a quarter by card, both collected through Lenco.
  const throughLenco = payers.filter((p) => p.method === 'zamtel' || p.method === 'creditCard');
  expect(payers.filter((p) => simulator.state.payments.get(p.reference)?.provider === 'lenco')).toEqual(throughLenco);
  const waveOne = payers.slice(0, WAVE);
  const approvedSoFar = () =>
    waveOne.filter((p) => simulator.state.payments.get(p.reference)?.status === 'SUCCESSFUL').length;
  await waitUntil(async () => approvedSoFar() >= 8 && (!midSettle || (await midSettle.heldNow())), 10_000);
  const approvedAtKill = approvedSoFar();
  // Lenco's collections still waiting when the shop dies: its Zamtel prompts and the cards on 3-D Secure.
  const pendingAtLenco = (method: PayerMethod) =>
    throughLenco.filter((p) => p.method === method && simulator.state.payments.get(p.reference)?.status === 'PENDING')
      .length;
  await first.kill();
  const lencoPendingAtKill = { zamtel: pendingAtLenco('zamtel'), card: pendingAtLenco('creditCard') };
  expect(lencoPendingAtKill.zamtel).toBeGreaterThanOrEqual(4);
  expect(lencoPendingAtKill.card).toBeGreaterThanOrEqual(4);
  const midSettleAtKill = midSettle ? await midSettle.heldAfterKill() : undefined;

  const waveTwo = payers.slice(WAVE);
  for (const [n, payer] of waveTwo.entries())
    await answer(simulator, payer.reference, n % 3 === 2 ? 'decline' : 'approve');
  // Wave one's remaining approvals land while the shop is down too.
  await new Promise((r) => setTimeout(r, 3_500));
  const callbacksLost = [...simulator.state.payments.values()]
    .flatMap((p) => p.callbacks)
    .filter((c) => c.result !== 200).length;
  expect(callbacksLost).toBeGreaterThan(0);

  const second = await startPayingShop(simulator, env, port);
  const restarted = Date.now();
  const attempts = await waitUntilEveryAttemptEnded(second.base, payers, 45_000);
  const allEndedAfterRestartMs = Date.now() - restarted;
  const checked = await expectPaidOnce(second.base, simulator, payers, [outbox], attempts);
  // The restarted shop learnt each Lenco outcome from a status read (the webhooks went to a dead port).
  for (const payer of throughLenco)
    expect(simulator.state.payments.get(payer.reference)!.statusReads, payer.reference).toBeGreaterThan(0);
  await second.stop();
  return {
    attempts: payers.length,
    approvedAtKill,
    lencoPendingAtKill,
    midSettleAtKill,
    callbacksLost,
    allEndedAfterRestartMs,
    ...checked,
  };
}
