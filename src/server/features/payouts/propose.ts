import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { toKwacha } from '../../../shared/money';
import type { MobileNetwork } from '../../../shared/phone-numbers';
import { summaryOf, unitsPerProduct } from '../../../shared/payouts';
import type { SkippedMember } from '../../../shared/schemas/payouts';
import { recordAudit, type AuditActor } from '../audit';
import { ORDER_CURRENCY } from '../orders';
import { payoutRouteFor } from '../payments';
import { attachEntries, lockOwedEntries, membersByIds, membersWithLivePayouts, type OwedEntry } from './owed-queries';
import { runProposedEntry } from './payout-audit';
import { insertPayouts, insertRun, lockRunProposals, openRun, runOfSlot, type RunRow } from './queries';

export interface RunRequest {
  period: string;
  trigger: 'admin' | 'schedule';
  /** The schedule's month (YYYY-MM): one run per slot, whichever instance proposes it. */
  slot?: string;
  /** The proposing admin; null for the schedule (an admin confirms it later). */
  proposer: { id: string; name: string } | null;
  minimumNgwee: number;
}

export type Proposal =
  | { kind: 'proposed'; run: RunRow; skipped: SkippedMember[] }
  /** Nobody is owed the minimum: no run (the schedule records its slot as a cancelled run). */
  | { kind: 'nothing-owed'; run: RunRow | null; skipped: SkippedMember[] }
  /** Another run waits for approval: one at a time. */
  | { kind: 'open-run'; open: RunRow }
  /** The schedule's slot was taken by another instance, or earlier. */
  | { kind: 'slot-taken' };

interface Owed {
  memberId: string;
  entries: OwedEntry[];
  balanceNgwee: number;
}

function owedByMember(entries: OwedEntry[]): Owed[] {
  const byMember = new Map<string, Owed>();
  for (const entry of entries) {
    const owed = byMember.get(entry.memberId) ?? { memberId: entry.memberId, entries: [], balanceNgwee: 0 };
    owed.entries.push(entry);
    owed.balanceNgwee += entry.amountNgwee;
    byMember.set(entry.memberId, owed);
  }
  return [...byMember.values()];
}

/**
 * Proposes a run (docs/decisions/064-member-payouts.md), in the caller's transaction, under the one lock
 * of run proposals: one payout per member, active or not (the money is hers), owed at least the minimum
 * (her entries no payout carries, credited before the end of the period), with those entries attached by
 * id in the same transaction, her current wallet, the route her network takes now, our reference and the
 * units per product for her text. A member owed less, owed a negative balance, or with a payout still on
 * its way is skipped and named.
 */
export async function proposeRun(
  app: FastifyInstance,
  tx: Tx,
  request: RunRequest,
  actor: AuditActor,
): Promise<Proposal> {
  await lockRunProposals(tx);
  if (request.slot && (await runOfSlot(tx, request.slot))) return { kind: 'slot-taken' };
  const open = await openRun(tx);
  if (open) return { kind: 'open-run', open };

  const owed = owedByMember(await lockOwedEntries(tx, request.period));
  const ids = owed.map((o) => o.memberId);
  const people = await membersByIds(tx, ids);
  const live = await membersWithLivePayouts(tx, ids);
  const member = new Map(people.map((p) => [p.id, p]));
  const skipped: SkippedMember[] = [];
  const due: Owed[] = [];
  for (const o of owed) {
    const reason =
      o.balanceNgwee < 0
        ? 'negative'
        : o.balanceNgwee === 0 || o.balanceNgwee < request.minimumNgwee
          ? 'below-minimum'
          : live.has(o.memberId)
            ? 'on-its-way'
            : null;
    if (reason === null) due.push(o);
    else
      skipped.push({
        member: { _id: o.memberId, name: member.get(o.memberId)?.name ?? '' },
        balanceNgwee: o.balanceNgwee,
        balance: toKwacha(o.balanceNgwee),
        reason,
      });
  }
  skipped.sort((a, b) => a.member.name.localeCompare(b.member.name));

  if (due.length === 0) {
    if (request.trigger === 'admin') return { kind: 'nothing-owed', run: null, skipped };
    // The schedule keeps its slot (so it does not try again all month), as a run nobody needs to approve.
    const run = await insertRun(tx, {
      period: request.period,
      trigger: request.trigger,
      slot: request.slot ?? null,
      state: 'cancelled',
      cancelledByName: actor.name,
      cancelNote: 'Nobody was owed the minimum',
    });
    return { kind: 'nothing-owed', run, skipped };
  }

  const run = await insertRun(tx, {
    period: request.period,
    trigger: request.trigger,
    slot: request.slot ?? null,
    state: 'proposed',
    proposedBy: request.proposer?.id ?? null,
    proposedByName: request.proposer?.name ?? null,
  });
  const settings = app.config.paymentProviders;
  const rows = due.map((o) => {
    const wallet = member.get(o.memberId)!;
    return {
      runId: run.id,
      memberId: o.memberId,
      mobile: wallet.mobile,
      network: wallet.network,
      route: payoutRouteFor(wallet.network as MobileNetwork, settings),
      reference: randomUUID(),
      amountNgwee: o.balanceNgwee,
      currency: ORDER_CURRENCY,
      state: 'proposed',
      summary: summaryOf(unitsPerProduct(o.entries.filter((e) => e.kind === 'sale'))),
    };
  });
  const inserted = await insertPayouts(tx, rows);
  for (const payout of inserted)
    await attachEntries(
      tx,
      payout.id,
      due.find((o) => o.memberId === payout.memberId)!.entries.map((e) => e.id),
    );
  const totalNgwee = inserted.reduce((sum, p) => sum + p.amountNgwee, 0);
  await recordAudit(tx, actor, runProposedEntry(run, inserted.length, totalNgwee));
  return { kind: 'proposed', run, skipped };
}
