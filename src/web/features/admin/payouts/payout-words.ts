import {
  PAYOUT_ROUTE_LABELS,
  PAYOUT_STATE_LABELS,
  PAYOUT_STUCK_HOURS,
  type PayoutRunState,
  type PayoutState,
} from '../../../../shared/payouts';
import type { PayoutRun } from '../../../../shared/schemas/payouts';
import type { BadgeTone } from '../../../components/ui/badge';

export const PAYOUT_STATE_TONES: Record<PayoutState, BadgeTone> = {
  proposed: 'amber',
  approved: 'blue',
  sent: 'blue',
  successful: 'green',
  failed: 'red',
  cancelled: 'neutral',
};

export const payoutStateWords = (state: PayoutState) => PAYOUT_STATE_LABELS[state];
/** How it travels; 'By hand' rather than the label's 'Sent by hand', which reads as done before it is. */
export const routeWords = (route: keyof typeof PAYOUT_ROUTE_LABELS) =>
  route === 'by-hand' ? 'By hand, from the co-op’s phone' : PAYOUT_ROUTE_LABELS[route];

/** A run's state as the list shows it: who must act next. */
export function runStateWords(run: Pick<PayoutRun, 'state' | 'awaitingConfirmation'>): {
  label: string;
  tone: BadgeTone;
} {
  const words: Record<PayoutRunState, { label: string; tone: BadgeTone }> = {
    proposed: { label: 'Waiting for approval', tone: 'amber' },
    approved: { label: 'Approved', tone: 'green' },
    cancelled: { label: 'Cancelled', tone: 'neutral' },
  };
  return run.awaitingConfirmation ? { label: 'Waiting for an admin to confirm', tone: 'amber' } : words[run.state];
}

/** "2 paid, 1 on its way, 1 failed": the payouts of a run by state, the empty ones left out. */
export function countsWords(counts: Record<PayoutState, number>): string {
  const parts: string[] = [];
  if (counts.proposed) parts.push(`${counts.proposed} waiting`);
  if (counts.approved + counts.sent) parts.push(`${counts.approved + counts.sent} on its way`);
  if (counts.successful) parts.push(`${counts.successful} paid`);
  if (counts.failed) parts.push(`${counts.failed} failed`);
  if (counts.cancelled) parts.push(`${counts.cancelled} cancelled`);
  return parts.join(', ');
}

/** Said under a payout on its way a day after approval: never failed by us, since the money may have moved. */
export const PAYOUT_STUCK_WORDS = `On its way for over ${PAYOUT_STUCK_HOURS} hours: check the provider's portal`;
export const ANOTHER_ADMIN_MUST_APPROVE = 'Waiting for another admin to approve';

export const SKIP_WORDS = {
  'below-minimum': 'below the minimum',
  negative: 'refunds took back more than she earned since her last payout',
  'on-its-way': 'a payout of hers is still on its way',
} as const;
