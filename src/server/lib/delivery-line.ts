import type { FastifyBaseLogger } from 'fastify';

/**
 * The delivery line shared by every outbox (mail, SMS) and the payment poller: rows are recorded before they are sent, a
 * background line claims due rows with a lease and sends them, a sweep takes back the claims of a
 * sender that died, and closing waits for the sends in flight. Each outbox keeps its table, its
 * queries and its rules (how a batch is sent, what is a permanent failure, what a crash leaves in
 * doubt) and hands them in here. Decisions 004, 008, 015 and 028.
 */
export interface DeliveryLineRules<Claimed> {
  /** Names the line in its logs ('mail', 'sms'). */
  name: string;
  log: FastifyBaseLogger;
  /** How often to look for lapsed claims (a dead instance's) and rows nobody took up. */
  sweepMs: number;
  /** The embedded database is opened by one process at a time: at start, every claim left is a dead one's. */
  soleSender?: boolean;
  /**
   * Takes the next due rows with a lease, in one statement. `orphansOnly` is set on a sweep's run: an
   * outbox may then take only rows nobody took up for a lease (another live instance sends the rest).
   */
  claim(orphansOnly: boolean): Promise<Claimed[]>;
  /**
   * Called at the start of each run of the line; answers how that run sends a claimed batch (a run may
   * keep state across its batches, as mail counts the server's failures in a row). The sender answers
   * false when the far end is down: the line stops until the next wake or sweep.
   */
  startRun(): (batch: Claimed[]) => Promise<boolean>;
  /**
   * Takes back what a stopped sender left claimed: `all` claims (the sole sender at start), or only
   * those whose lease lapsed. `atStart` tells the start from a sweep (for the log). A line whose claim
   * already takes lapsed leases (the payment poller's) has nothing to recover.
   */
  recover?(options: { all: boolean; atStart: boolean }): Promise<void>;
}

export function createDeliveryLine<Claimed>(rules: DeliveryLineRules<Claimed>) {
  const { name, log } = rules;
  const background = new Set<Promise<unknown>>();
  let closing = false;
  let draining = false;
  let wanted = false;
  let orphansOnly = false;
  let sweeper: NodeJS.Timeout | undefined;

  function track(task: Promise<unknown>) {
    const guarded = task.catch((error) => log.error({ err: error }, `background ${name} delivery failed`));
    background.add(guarded);
    void guarded.finally(() => background.delete(guarded));
  }

  /**
   * One background line: it claims a batch, sends it, and goes again while more arrived. Under a burst
   * of orders each of its statements waits behind the orders, so each claim takes a bigger batch.
   */
  function startLine() {
    draining = true;
    track(
      (async () => {
        try {
          const send = rules.startRun();
          while (wanted && !closing) {
            wanted = false;
            const batch = await rules.claim(orphansOnly);
            if (batch.length === 0) continue;
            wanted = true;
            if (!(await send(batch))) break;
          }
        } finally {
          draining = false;
        }
      })(),
    );
  }

  /** A sweep's run takes only orphans; a wake (rows recorded here) has any run take every due row. */
  function wake(bySweep = false) {
    if (!bySweep) orphansOnly = false;
    else if (!draining) orphansOnly = true;
    wanted = true;
    if (!draining && !closing) startLine();
  }

  async function idle() {
    while (background.size > 0) await Promise.allSettled([...background]);
  }

  async function sweep() {
    await rules.recover?.({ all: false, atStart: false });
    wake(true);
  }

  return {
    /** Starts the line if it is idle; a running line goes round once more. */
    wake: () => wake(),
    /** Runs `task` in the background, counted by `idle()` and logged if it fails. */
    track,
    /** True once `close()` was called: senders stop taking new rows. */
    get closing() {
      return closing;
    },
    /** Resolves once no background delivery is running (tests, shutdown). */
    idle,
    /** At start: recovers what a stopped sender left, sends what is pending, starts the sweep. */
    async start() {
      await rules.recover?.({ all: rules.soleSender ?? false, atStart: true });
      wake();
      sweeper = setInterval(() => {
        if (!closing) track(sweep());
      }, rules.sweepMs);
      sweeper.unref();
    },
    /** Stops taking rows and waits for the sends in flight; what stays claimed is released by its sender. */
    async close() {
      closing = true;
      clearInterval(sweeper);
      await idle();
    },
  };
}

/**
 * Renews the lease of the rows still held every third of the lease while they are sent (a slow server
 * or provider), so no other instance takes them. `letGo(ids)` once a row is settled; `stop()` at the end.
 */
export function holdLease(
  ids: Iterable<string>,
  leaseMs: number,
  renew: (ids: string[]) => Promise<void>,
  onError: (error: unknown) => void,
) {
  const held = new Set(ids);
  const timer = setInterval(() => {
    renew([...held]).catch(onError);
  }, leaseMs / 3);
  return {
    letGo(ids: Iterable<string>) {
      for (const id of ids) held.delete(id);
    },
    stop: () => clearInterval(timer),
  };
}
