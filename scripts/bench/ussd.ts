/**
 * npm run bench:ussd: 200 callers step through the USSD menu of a real shop process (the demo catalogue,
 * PGlite unless BENCH_DATABASE_URL names a PostgreSQL), each from the dial to the confirm, and each confirm
 * is sent twice at once as a gateway retry would. Two ways to run (BENCH_USSD_MODE):
 * - `steady` (the default): 200 sessions open at every moment. Each caller dials at a random moment of the
 *   first session's length, and dials again when a session ends, for BENCH_USSD_SECONDS; only the answers
 *   after that first stretch are counted, when all 200 are on the line.
 * - `burst`: all 200 dial within the same 2 s and so reach the confirm within the same few seconds (a
 *   flash crowd, after an SMS campaign say); one session each.
 * Reports the answer times (p50, p95, p99, max; the goal is a p99 under 300 ms on this machine) and checks
 * that no order was made twice: the orders counted by channel equal the sessions that ended with an order.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnShop, stopChild, waitForHealth } from '../local-server';

const CALLERS = Number(process.env.BENCH_USSD_CALLERS || 200);
const MODE = process.env.BENCH_USSD_MODE === 'burst' ? 'burst' : 'steady';
const SECONDS = Number(process.env.BENCH_USSD_SECONDS || 60);
/**
 * A person reads a screen and presses a key between two steps: 1 to 3 s here (BENCH_USSD_THINK_MS=0: no
 * pause at all, every caller as fast as the shop answers, a burst no gateway sends).
 */
const THINK_MS = Number(process.env.BENCH_USSD_THINK_MS ?? 2_000);
const think = () => (THINK_MS > 0 ? new Promise((r) => setTimeout(r, THINK_MS / 2 + Math.random() * THINK_MS)) : null);
/** A session is ten keys: the dial, eight choices and the confirm. */
const SESSION_MS = 10 * THINK_MS;
const SECRET = 'bench-ussd-callback-secret-0123456789abcdef';
const ADMIN = { email: 'bench-ussd@example.com', password: 'bench-ussd-password' };

/** CPU seconds the process has used (user + system), from /proc: the load other processes put on the machine does not change it much. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits until the server has settled after its start (the demo pictures are drawn in the background). */
async function whenIdle(pid: number) {
  for (let i = 0; i < 120; i++) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 1_000));
    if (cpuSeconds(pid) - before < 0.05) return;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-shop-bench-ussd-'));
  const shop = spawnShop({
    port,
    dataDir,
    seedDemo: true,
    env: {
      USSD_CALLBACK_SECRET: SECRET,
      // A steady caller orders again and again without paying: no bound on what unpaid orders of one number
      // hold (decision 056), or the bench would measure refusals.
      UNPAID_ORDERS_MAX: '0',
      UNPAID_ITEMS_MAX: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  });
  try {
    await waitForHealth(base, shop);
    await whenIdle(shop.pid!);
    await restock(base);
    const times: number[] = [];
    /** The confirms' answer times alone: they place the order (placeOrder's transaction, its mail and text rows). */
    const confirmTimes: number[] = [];
    const browsingTimes: number[] = [];
    let busy = 0;
    let runStarted = 0;
    /** Steady: answers to steps sent before every caller is on the line are not counted. */
    const counted = (at: number) => MODE === 'burst' || at - runStarted >= SESSION_MS;
    const step = async (sessionId: string, phoneNumber: string, text: string, confirming = false) => {
      const started = performance.now();
      const response = await fetch(`${base}/api/ussd/${SECRET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ sessionId, serviceCode: '*384*1#', phoneNumber, networkCode: '64502', text }),
      });
      const body = await response.text();
      const took = performance.now() - started;
      if (counted(started)) {
        times.push(took);
        (confirming ? confirmTimes : browsingTimes).push(took);
      }
      if (!response.ok || !/^(CON|END) /.test(body) || body.length > 160)
        throw new Error(`bad answer ${response.status}: ${body}`);
      if (body.includes('busy')) busy += 1;
      return body;
    };
    const optionFor = (screen: string, index: number) => {
      const options = screen.split('\n').filter((line) => /^[1-8]\. /.test(line));
      return options[index % options.length]!.split('.')[0]!;
    };

    const session = async (i: number, round: number) => {
      const phone = `+2609620${String(i).padStart(5, '0')}`;
      const sessionId = `ATUid_bench_${i}_${round}_${Date.now()}`;
      const inputs: string[] = [];
      const press = async (input: string) => {
        await think();
        inputs.push(input);
        return step(sessionId, phone, inputs.join('*'));
      };
      const main = await step(sessionId, phone, '');
      const categories = await press(main.includes('Continue') ? '2' : '1');
      const products = await press(optionFor(categories, i));
      await press(optionFor(products, Math.floor(i / 7)));
      await press('1');
      // Check out, then answer what is asked until the summary: a caller who has ordered before is offered
      // the last address and not asked a name; a province or delivery option only where the shop has them.
      let screen = await press('1');
      for (let asked = 0; !screen.includes('Confirm'); asked++) {
        if (asked > 5 || screen.startsWith('END')) return null;
        if (screen.includes('Which town')) screen = await press('Choma');
        else if (screen.includes('Your name'))
          screen = await press(`Bench Caller ${String.fromCharCode(65 + (i % 26))}`);
        else screen = await press('1'); // Yes to the address, the first province, the first option
      }
      await think();
      inputs.push('1');
      const confirm = inputs.join('*');
      const answers = await Promise.all([step(sessionId, phone, confirm, true), step(sessionId, phone, confirm, true)]);
      // A copy answered late says "dial again"; the other says what happened. Two different orders never.
      const told = new Set(answers.filter((a) => !a.includes('busy')));
      if (told.size > 1) throw new Error(`a repeated confirm answered differently:\n${[...told].join('\n')}`);
      const [answer] = [...told];
      if (!answer) return 'unknown';
      return /^END Order #\w+ placed/.test(answer) ? answer.slice(11, 19) : null;
    };

    /** The sessions of one caller, one after another: one in a burst, as many as the run holds when steady. */
    const caller = async (i: number) => {
      const ended: (string | null)[] = [];
      await new Promise((r) => setTimeout(r, Math.random() * (MODE === 'burst' ? THINK_MS : SESSION_MS)));
      do ended.push(await session(i, ended.length));
      while (MODE === 'steady' && performance.now() - runStarted < SECONDS * 1000);
      return ended;
    };

    runStarted = performance.now();
    const cpuAtStart = cpuSeconds(shop.pid!);
    let cpuAtCount = cpuAtStart;
    const countFrom = setTimeout(() => (cpuAtCount = cpuSeconds(shop.pid!)), MODE === 'burst' ? 0 : SESSION_MS);
    const results = (await Promise.all(Array.from({ length: CALLERS }, (_, i) => caller(i)))).flat();
    clearTimeout(countFrom);
    const ended = performance.now();
    const seconds = (ended - runStarted) / 1000;
    const countedSeconds = (ended - runStarted - (MODE === 'burst' ? 0 : SESSION_MS)) / 1000;
    const cpu = cpuSeconds(shop.pid!) - cpuAtCount;
    const unknown = results.filter((r) => r === 'unknown').length;
    const placed = results.filter((r): r is string => r !== null && r !== 'unknown');

    const token = await adminToken(base);
    const month = new Date().toISOString().slice(0, 7);
    const report = (await (
      await fetch(`${base}/api/reports/monthly?month=${month}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { byChannel: { channel: string; count: number }[] };
    const ussdOrders = report.byChannel.find((c) => c.channel === 'ussd')?.count ?? 0;

    const sorted = [...times].sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(
      MODE === 'burst'
        ? `USSD bench, burst: ${CALLERS} callers dial within ${THINK_MS / 1000} s (${THINK_MS / 2}-${(THINK_MS * 3) / 2} ms between keys), ${times.length} answers in ${seconds.toFixed(1)} s`
        : `USSD bench, steady: ${CALLERS} sessions open at once for ${seconds.toFixed(0)} s (${THINK_MS / 2}-${(THINK_MS * 3) / 2} ms between keys), ${results.length} sessions; ${times.length} answers counted after the first ${SESSION_MS / 1000} s`,
    );
    console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`);
    console.log(
      `server CPU: ${cpu.toFixed(1)} s while counted, ${((cpu * 1000) / times.length).toFixed(1)} ms an answer (${((cpu / countedSeconds) * 100).toFixed(0)}% of one core)`,
    );
    console.log(
      `answer time: p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1] ?? 0)} (goal: p99 < 300 ms)`,
    );
    const confirms = [...confirmTimes].sort((a, b) => a - b);
    const browsing = [...browsingTimes].sort((a, b) => a - b);
    console.log(
      `  confirms (${confirms.length}): p50 ${ms(percentile(confirms, 50))}, p99 ${ms(percentile(confirms, 99))}; every other step (${browsing.length}): p50 ${ms(percentile(browsing, 50))}, p99 ${ms(percentile(browsing, 99))}`,
    );
    console.log(`"busy, dial again" answers: ${busy}`);
    // Each caller has its own number and session: at most one order each, whatever the copies.
    const fine =
      new Set(placed).size === placed.length && ussdOrders >= placed.length && ussdOrders <= placed.length + unknown;
    console.log(
      `orders: ${placed.length} sessions ended with an order (${new Set(placed).size} distinct), ${unknown} told only "dial again", ${ussdOrders} USSD orders in the shop: ${fine ? 'none doubled' : 'MISMATCH'}`,
    );
    if (!fine) process.exitCode = 1;
  } finally {
    await stopChild(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function adminToken(base: string) {
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await login.json()) as { token: string }).token;
}

/** Enough stock for every session of a long run: the demo's stock would sell out and end sessions early. */
async function restock(base: string) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(base)}` };
  const list = (await (await fetch(`${base}/api/products?limit=100`)).json()) as { products: { _id: string }[] };
  for (const { _id } of list.products) {
    const product = (await (await fetch(`${base}/api/products/${_id}`)).json()) as Record<string, unknown>;
    const fields = ['name', 'price', 'category', 'description', 'images', 'mainImage', 'size', 'ingredients'];
    const body = Object.fromEntries(fields.filter((f) => product[f] != null).map((f) => [f, product[f]]));
    const put = await fetch(`${base}/api/products/${_id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...body, countInStock: 100_000 }),
    });
    if (!put.ok) throw new Error(`restocking ${_id}: ${put.status} ${await put.text()}`);
  }
}

await main();
