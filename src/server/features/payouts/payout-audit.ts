import { PAYOUT_ROUTE_LABELS, periodLabelOf, type PayoutRoute } from '../../../shared/payouts';
import { kwachaOf, type AuditEntry } from '../audit';
import type { PayoutRow, RunRow } from './queries';

/**
 * The audit lines of member payouts (docs/decisions/064-member-payouts.md): a run's steps under the run,
 * each payout's end under the payout (its member named in the values, for her trail).
 */
const runEntry = (
  action: string,
  run: RunRow,
  what: string,
  before: string | null,
  after: Record<string, unknown>,
): AuditEntry => ({
  action,
  subjectType: 'payout',
  subjectId: run.id,
  summary: `Payout run for ${periodLabelOf(run.period)} ${what}`,
  before: before === null ? null : { runId: run.id, state: before },
  after: { runId: run.id, period: run.period, state: run.state, ...after },
});

export const runProposedEntry = (run: RunRow, count: number, totalNgwee: number) =>
  runEntry(
    'payout-run.proposed',
    run,
    `proposed${run.trigger === 'schedule' ? ' by the monthly schedule' : ''}: ${count} payout${count === 1 ? '' : 's'}, ${kwachaOf(totalNgwee)}`,
    null,
    { trigger: run.trigger, payouts: count, totalNgwee },
  );

export const runConfirmedEntry = (run: RunRow) =>
  runEntry('payout-run.confirmed', run, 'confirmed: it now waits for another admin', 'proposed', {
    proposedByName: run.proposedByName,
  });

export const runApprovedEntry = (run: RunRow) =>
  runEntry('payout-run.approved', run, 'approved', 'proposed', { approvedByName: run.approvedByName });

export const runCancelledEntry = (run: RunRow) =>
  runEntry('payout-run.cancelled', run, `called off: ${run.cancelNote ?? ''}`, 'proposed', { note: run.cancelNote });

const payoutEntry = (
  action: string,
  payout: PayoutRow,
  memberName: string,
  what: string,
  before: string,
  after: Record<string, unknown>,
): AuditEntry => ({
  action,
  subjectType: 'payout',
  subjectId: payout.id,
  summary: `Payout of ${kwachaOf(payout.amountNgwee)} to ${memberName} (${PAYOUT_ROUTE_LABELS[payout.route as PayoutRoute] ?? payout.route}, ${payout.mobile}) ${what}`,
  before: { payoutId: payout.id, state: before },
  after: {
    payoutId: payout.id,
    runId: payout.runId,
    memberId: payout.memberId,
    amountNgwee: payout.amountNgwee,
    route: payout.route,
    state: payout.state,
    ...after,
  },
});

export const payoutEndedEntry = (payout: PayoutRow, memberName: string, from: string) =>
  payout.state === 'successful'
    ? payout.route === 'by-hand'
      ? payoutEntry('payout.sent-by-hand', payout, memberName, `sent by hand: ${payout.note ?? ''}`, from, {
          note: payout.note,
        })
      : payoutEntry('payout.successful', payout, memberName, 'reached her wallet', from, {
          providerTransactionId: payout.providerTransactionId,
        })
    : payoutEntry(
        'payout.failed',
        payout,
        memberName,
        `failed: ${payout.failureReason ?? ''}; she is owed it again`,
        from,
        { failureReason: payout.failureReason },
      );

export const payoutResolvedEntry = (payout: PayoutRow, memberName: string) =>
  payoutEntry('payout.resolved', payout, memberName, `failure dealt with: ${payout.note ?? ''}`, 'failed', {
    note: payout.note,
  });
