import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { CurrentUser } from '../../plugins/auth';
import { shopMonthOf } from '../../../shared/shop-time';
import {
  DEFAULT_PAYOUT_MINIMUM_KWACHA,
  PAYOUT_ROUTE_LABELS,
  payoutKwacha,
  periodLabelOf,
  type PayoutRoute,
} from '../../../shared/payouts';
import { toNgwee } from '../../../shared/money';
import type {
  Payout,
  PayoutList,
  PayoutRunDetail,
  PayoutRunList,
  ProposedRun,
  payoutListQuerySchema,
} from '../../../shared/schemas/payouts';
import { recordAudit } from '../audit';
import { entriesOfPayouts, membersByIds, releaseEntries } from './owed-queries';
import { payoutResolvedEntry, runApprovedEntry, runCancelledEntry, runConfirmedEntry } from './payout-audit';
import { proposeRun } from './propose';
import {
  approveRunOnce,
  cancelRunOnce,
  confirmRunOnce,
  figuresOfRuns,
  findPayout,
  findRun,
  findSeenPayout,
  listPayouts,
  listRuns,
  lockRun,
  payoutsOfRun,
  resolvePayoutOnce,
} from './queries';
import { toPayoutJson, toPayoutWithLinesJson, toRunJson } from './serialize';
import { settlePayout } from './settle';

/**
 * Member payouts' rules for admins (docs/decisions/064-member-payouts.md): one admin proposes a run (or the
 * monthly schedule does and an admin confirms it), another approves it; a by-hand payout is recorded once
 * the treasurer sent it; a failed one is marked dealt with.
 */
type Admin = Pick<CurrentUser, 'id' | 'name'>;

const runNotFound = () => NotFound('Payout run not found');
const payoutNotFound = () => NotFound('Payout not found');

export const payoutMinimumOf = (app: FastifyInstance) =>
  app.config.payouts?.minimumNgwee ?? toNgwee(DEFAULT_PAYOUT_MINIMUM_KWACHA);

export async function runDetail(db: Db, runId: string): Promise<PayoutRunDetail> {
  const run = await findRun(db, runId);
  if (!run) throw runNotFound();
  const [figures, payouts] = await Promise.all([figuresOfRuns(db, [run.id]), payoutsOfRun(db, run.id)]);
  const entries = await entriesOfPayouts(
    db,
    payouts.map((p) => p.id),
  );
  return { ...toRunJson(run, figures), payouts: payouts.map((p) => toPayoutWithLinesJson(p, entries)) };
}

/** POST /payouts/runs: one payout per member owed the minimum, for `period` (this month when absent). */
export async function proposeRunByAdmin(
  app: FastifyInstance,
  admin: Admin,
  input: { period?: string },
): Promise<ProposedRun> {
  const thisMonth = shopMonthOf(new Date());
  const period = input.period ?? thisMonth;
  if (period > thisMonth) throw BadRequest('period must not be a month still to come');
  const minimumNgwee = payoutMinimumOf(app);
  const proposal = await app.db.transaction((tx) =>
    proposeRun(app, tx, { period, trigger: 'admin', proposer: admin, minimumNgwee }, admin),
  );
  if (proposal.kind === 'open-run')
    throw Conflict(
      `The payout run for ${periodLabelOf(proposal.open.period)} waits for approval: approve it or cancel it first`,
      { runId: proposal.open.id },
    );
  if (proposal.kind !== 'proposed')
    throw Conflict(`Nobody is owed ${payoutKwacha(minimumNgwee)} or more: there is nothing to pay`, {
      minimumNgwee,
      skipped: proposal.kind === 'nothing-owed' ? proposal.skipped : [],
    });
  return { ...(await runDetail(app.db, proposal.run.id)), minimumNgwee, skipped: proposal.skipped };
}

/**
 * PUT /payouts/runs/{id}/approve, under the run's row lock. A run without a proposer (the schedule's) is
 * confirmed by the first admin, who becomes its proposer; then another admin approves it. The proposer gets
 * 403; of two checkers, the second finds it approved (409).
 */
export async function approveRun(app: FastifyInstance, admin: Admin, runId: string): Promise<PayoutRunDetail> {
  await app.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run) throw runNotFound();
    if (run.state !== 'proposed')
      throw Conflict(`This payout run is ${run.state}: only a run waiting for approval can be approved`);
    if (run.proposedBy === null) {
      const confirmed = await confirmRunOnce(tx, run.id, admin);
      if (!confirmed) throw Conflict('This payout run was confirmed by another admin meanwhile');
      await recordAudit(tx, admin, runConfirmedEntry(confirmed));
      return;
    }
    if (run.proposedBy === admin.id) throw Forbidden('A payout run must be approved by another admin');
    const approved = await approveRunOnce(tx, run.id, admin);
    if (!approved) throw Conflict('This payout run was approved by another admin meanwhile');
    await recordAudit(tx, admin, runApprovedEntry(approved));
  });
  return runDetail(app.db, runId);
}

/** PUT /payouts/runs/{id}/cancel: before approval only; its payouts are cancelled and their entries owed again. */
export async function cancelRun(
  app: FastifyInstance,
  admin: Admin,
  runId: string,
  note: string,
): Promise<PayoutRunDetail> {
  await app.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run) throw runNotFound();
    const cancelled = await cancelRunOnce(tx, run.id, admin, note);
    if (!cancelled) throw Conflict(`This payout run is ${run.state}: only a run waiting for approval can be cancelled`);
    await releaseEntries(tx, cancelled.payoutIds);
    await recordAudit(tx, admin, runCancelledEntry(cancelled.run));
  });
  return runDetail(app.db, runId);
}

/**
 * PUT /payouts/{id}/sent-by-hand: the treasurer sent an approved by-hand payout from the co-op's wallet.
 * Any admin may record it (the two admins' word was the run's approval); her name and note are kept, the
 * member gets her text, which is the check that the money did arrive.
 */
export async function recordSentByHand(
  app: FastifyInstance,
  admin: Admin,
  payoutId: string,
  note: string,
): Promise<Payout> {
  await app.db.transaction(async (tx) => {
    const payout = await findPayout(tx, payoutId);
    if (!payout) throw payoutNotFound();
    if (payout.route !== 'by-hand')
      throw Conflict(
        `This payout goes by ${PAYOUT_ROUTE_LABELS[payout.route as PayoutRoute] ?? payout.route}: the shop sends it itself`,
      );
    const ended = await settlePayout(app, tx, payout.id, { state: 'sent-by-hand', byName: admin.name, note }, admin);
    if (!ended)
      throw Conflict(
        payout.state === 'proposed'
          ? 'This payout waits for its run to be approved: send it once it is'
          : `This payout is ${payout.state}: only an approved payout can be recorded as sent`,
      );
  });
  app.sms.wake();
  return payoutJson(app.db, payoutId);
}

/** PUT /payouts/{id}/resolve: a failed payout an admin has dealt with leaves Needs attention (its shares are owed again). */
export async function resolvePayout(
  app: FastifyInstance,
  admin: Admin,
  payoutId: string,
  note: string,
): Promise<Payout> {
  await app.db.transaction(async (tx) => {
    const payout = await findPayout(tx, payoutId);
    if (!payout) throw payoutNotFound();
    const resolved = await resolvePayoutOnce(tx, payout.id, admin, note);
    if (!resolved)
      throw Conflict(
        payout.state === 'failed'
          ? 'This failed payout was already dealt with'
          : `This payout is ${payout.state}: only a failed payout can be marked dealt with`,
      );
    const [member] = await membersByIds(tx, [resolved.memberId]);
    await recordAudit(tx, admin, payoutResolvedEntry(resolved, member?.name ?? 'a member'));
  });
  return payoutJson(app.db, payoutId);
}

export async function runList(db: Db, page: number, limit: number): Promise<PayoutRunList> {
  const found = await listRuns(db, page, limit);
  const figures = await figuresOfRuns(
    db,
    found.rows.map((r) => r.id),
  );
  return {
    runs: found.rows.map((run) => toRunJson(run, figures)),
    page,
    pages: Math.max(1, Math.ceil(found.total / limit)),
    total: found.total,
  };
}

/** GET /payouts: a member's payouts for her page (an id that is no member's has none), or everyone's. */
export async function payoutList(db: Db, query: z.output<typeof payoutListQuerySchema>): Promise<PayoutList> {
  if (query.memberId !== undefined && !isUuid(query.memberId))
    return { payouts: [], page: query.page, pages: 1, total: 0 };
  const found = await listPayouts(db, query);
  return {
    payouts: found.rows.map(toPayoutJson),
    page: query.page,
    pages: Math.max(1, Math.ceil(found.total / query.limit)),
    total: found.total,
  };
}

async function payoutJson(db: Db, id: string): Promise<Payout> {
  const found = await findSeenPayout(db, id);
  if (!found) throw payoutNotFound();
  return toPayoutJson(found);
}
