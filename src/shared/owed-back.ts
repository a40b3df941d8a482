/**
 * What an order owes back to its shopper, in ngwee: the rule behind the "owed back" rows of the back
 * office's Needs attention (docs/decisions/055-money-owed-back.md). Pure: the server reads the order's
 * collections and refunds and asks here, so the list and its counts agree.
 */
import type { RefundState } from './refunds';

/** A provider collection of the order (collected_at set: late ones too). */
export interface OwedCollection {
  id: string;
  amountNgwee: number;
  /** Collected, but not as this order's payment (another amount, a second payment, a late approval). */
  flagged: boolean;
  /** An admin marked it dealt with (counted towards the order, settled outside the shop). */
  resolved: boolean;
}

export interface OwedRefund {
  id: string;
  /** The collection it goes back through; null for one sent by hand with no collection named. */
  attemptId: string | null;
  amountNgwee: number;
  state: RefundState;
  /** When it was asked, and when it ended (ms since the epoch). */
  askedAt: number;
  endedAt: number | null;
}

export interface OwedOrder {
  cancelled: boolean;
  /** The total an admin recorded as paid by hand, else 0. */
  byHandNgwee: number;
  collections: readonly OwedCollection[];
  refunds: readonly OwedRefund[];
}

/** Why money is owed: the order was cancelled after it took money, a collection did not pay it, a refund failed. */
export type OwedPart =
  | { kind: 'cancelled'; amountNgwee: number }
  | { kind: 'flagged'; collectionId: string; amountNgwee: number }
  | { kind: 'refund-failed'; refundId: string; amountNgwee: number };

export interface OwedBack {
  /** Counted once, whatever the number of reasons: never more than the order still holds. */
  owedNgwee: number;
  /** Refunds of the order asked, approved or sent: owed until they reach the shopper. */
  onItsWayNgwee: number;
  awaitingApproval: boolean;
  /** Each reason with the amount it names (a cancelled order's failed refund names money the cancellation already counts). */
  parts: OwedPart[];
}

const IN_MOTION: readonly RefundState[] = ['requested', 'approved', 'sent'];
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const successfulNgwee = (refunds: readonly OwedRefund[]) =>
  sum(refunds.filter((r) => r.state === 'successful').map((r) => r.amountNgwee));
const endOf = (refund: OwedRefund) => refund.endedAt ?? refund.askedAt;

/** A failed refund and how much of it is still owed: not asked again, or asked again and still on its way. */
export interface OwedFailure {
  refund: OwedRefund;
  owedNgwee: number;
}

/**
 * Failed refunds still owed. A refund asked after a failure is taken as its retry first (oldest failure
 * first, up to the failed amount): a failed retry is then the one failure owed, not two; a successful one
 * pays it; one still on its way keeps it owed until it reaches the shopper.
 */
export function failuresStillOwed(refunds: readonly OwedRefund[]): OwedFailure[] {
  const asked = refunds.filter((r) => r.state !== 'cancelled').sort((a, b) => a.askedAt - b.askedAt);
  const failures = asked.filter((r) => r.state === 'failed').sort((a, b) => endOf(a) - endOf(b));
  const known: { refund: OwedRefund; leftNgwee: number; retryingNgwee: number }[] = [];
  const learnFailuresUntil = (time: number) => {
    while (known.length < failures.length && endOf(failures[known.length]) <= time) {
      const refund = failures[known.length];
      known.push({ refund, leftNgwee: refund.amountNgwee, retryingNgwee: 0 });
    }
  };
  for (const refund of asked) {
    learnFailuresUntil(refund.askedAt);
    let retry = refund.amountNgwee;
    for (const failure of known) {
      const taken = Math.min(failure.leftNgwee, retry);
      failure.leftNgwee -= taken;
      retry -= taken;
      if (IN_MOTION.includes(refund.state)) failure.retryingNgwee += taken;
    }
  }
  learnFailuresUntil(Infinity);
  return known
    .map((f) => ({ refund: f.refund, owedNgwee: f.leftNgwee + f.retryingNgwee }))
    .filter((f) => f.owedNgwee > 0);
}

const failedParts = (failures: readonly OwedFailure[]): OwedPart[] =>
  failures.map((f) => ({ kind: 'refund-failed', refundId: f.refund.id, amountNgwee: f.refund.amountNgwee }));

/**
 * A cancelled order owes everything it took that no admin settled otherwise, less what reached the
 * shopper. Any other order owes its flagged collections (each less the refunds through it) and its
 * failed refunds not yet paid by a retry, never more than it still holds.
 */
export function owedBack(order: OwedOrder): OwedBack {
  const inMotion = order.refunds.filter((r) => IN_MOTION.includes(r.state));
  const common = {
    onItsWayNgwee: sum(inMotion.map((r) => r.amountNgwee)),
    awaitingApproval: inMotion.some((r) => r.state === 'requested'),
  };
  const open = order.collections.filter((c) => !c.resolved);
  const flagged = open.filter((c) => c.flagged);
  const through = (id: string) => successfulNgwee(order.refunds.filter((r) => r.attemptId === id));
  const flaggedLeft = flagged.map((c) => ({ c, left: Math.max(0, c.amountNgwee - through(c.id)) }));
  const flaggedParts: OwedPart[] = flaggedLeft
    .filter(({ left }) => left > 0)
    .map(({ c }) => ({ kind: 'flagged', collectionId: c.id, amountNgwee: c.amountNgwee }));

  if (order.cancelled) {
    const settled = new Set(order.collections.filter((c) => c.resolved).map((c) => c.id));
    const dueNgwee = sum(open.map((c) => c.amountNgwee)) + order.byHandNgwee;
    const countedRefunds = order.refunds.filter((r) => r.attemptId === null || !settled.has(r.attemptId));
    const owedNgwee = Math.max(0, dueNgwee - successfulNgwee(countedRefunds));
    if (owedNgwee === 0) return { owedNgwee, ...common, parts: [] };
    const parts: OwedPart[] = [
      { kind: 'cancelled', amountNgwee: dueNgwee },
      ...flaggedParts,
      ...failedParts(failuresStillOwed(countedRefunds)),
    ];
    return { owedNgwee, ...common, parts };
  }

  // A flagged collection's refunds pay that collection; the others pay failures of the order's own money.
  const flaggedIds = new Set(order.collections.filter((c) => c.flagged).map((c) => c.id));
  const ofFlagged = (r: OwedRefund) => r.attemptId !== null && flaggedIds.has(r.attemptId);
  const failures = failuresStillOwed(order.refunds.filter((r) => !ofFlagged(r)));
  const failedOwed = sum(failures.map((f) => f.owedNgwee));
  // Failures through a flagged collection name money its own part already counts.
  const flaggedFailures = flaggedLeft
    .filter(({ left }) => left > 0)
    .flatMap(({ c }) => failuresStillOwed(order.refunds.filter((r) => r.attemptId === c.id)));
  const heldNgwee = sum(order.collections.map((c) => c.amountNgwee)) + order.byHandNgwee;
  const stillHeld = Math.max(0, heldNgwee - successfulNgwee(order.refunds));
  const owedNgwee = Math.min(sum(flaggedLeft.map(({ left }) => left)) + failedOwed, stillHeld);
  if (owedNgwee === 0) return { owedNgwee, ...common, parts: [] };
  return { owedNgwee, ...common, parts: [...flaggedParts, ...failedParts([...flaggedFailures, ...failures])] };
}
