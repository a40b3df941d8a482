import type { FastifyInstance } from 'fastify';
import { monthBefore } from '../../../shared/payouts';
import { shopDayOf } from '../../../shared/shop-time';
import type { AuditActor } from '../audit';
import { proposeRun, type Proposal } from './propose';

/** The schedule's name on its audit lines and on a slot it kept with nobody to pay. */
export const SCHEDULE_ACTOR: AuditActor = { id: null, name: 'Shop (monthly payouts)' };

/** How often an instance looks whether the month's run is due: a run is a day's business, not a minute's. */
const CHECK_MS = 10 * 60_000;

export type ScheduleOutcome = 'not-due' | Proposal['kind'];

/**
 * The monthly run (PAYOUT_DAY, docs/decisions/064-member-payouts.md): from that shop-time day of a month on
 * (a shop that was down that day catches up), one instance claims the month's slot (payout_runs.slot is
 * unique, and proposals take one lock) and proposes a run for the month before, with no proposer: an admin
 * confirms it and another approves it. While another run waits for approval, it waits too (and tries at its
 * next look). `now` is the caller's clock, so a test can be on any day.
 */
export async function proposeScheduledRun(
  app: FastifyInstance,
  opts: { day: number; now: Date; minimumNgwee: number },
): Promise<ScheduleOutcome> {
  const today = shopDayOf(opts.now);
  if (Number(today.slice(8, 10)) < opts.day) return 'not-due';
  const slot = today.slice(0, 7);
  const proposal = await app.db.transaction((tx) =>
    proposeRun(
      app,
      tx,
      { period: monthBefore(slot), trigger: 'schedule', slot, proposer: null, minimumNgwee: opts.minimumNgwee },
      SCHEDULE_ACTOR,
    ),
  );
  return proposal.kind;
}

/** The payouts plugin calls this once: with PAYOUT_DAY set, every instance looks at ready and every ten minutes. */
export function startPayoutSchedule(app: FastifyInstance, minimumNgwee: number): void {
  const day = app.config.payouts?.day;
  if (!day) return;
  const log = app.log.child({ feature: 'payouts' });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const look = () => {
    running = proposeScheduledRun(app, { day, now: new Date(), minimumNgwee })
      .then((outcome) => {
        if (outcome === 'proposed') log.info('the monthly payout run was proposed; an admin confirms it');
      })
      .catch((error) => log.error({ err: error }, 'the monthly payout run was not proposed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    look();
    timer = setInterval(look, CHECK_MS);
    timer.unref?.();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
