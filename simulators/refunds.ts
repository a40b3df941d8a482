import { newTransactionId, type PayingProvider, type SimRefund, type SimulatorState } from './state';

/**
 * Money the shop sends out (MTN refunds and transfers, Airtel disbursements, Lenco transfers): recorded
 * once per reference, paid from the provider's float into the number's wallet, final after the number's
 * `refundAfterMs` as its `refundOutcome` says. A second send with a reference already received is refused
 * by the routes, so money moves at most once per reference, and `moneyMoved` lets tests check it.
 */
export function receiveRefund(
  state: SimulatorState,
  refund: Omit<
    SimRefund,
    | 'status'
    | 'reason'
    | 'providerTransactionId'
    | 'sendsReceived'
    | 'moneyMoved'
    | 'statusReads'
    | 'receivedAt'
    | 'endedAt'
  > & {
    /** Set at once by a provider that numbers a transfer when it takes it (Lenco's lencoReference). */
    providerTransactionId?: string;
  },
): SimRefund {
  const received: SimRefund = {
    ...refund,
    status: 'PENDING',
    reason: null,
    providerTransactionId: refund.providerTransactionId ?? null,
    sendsReceived: 1,
    moneyMoved: 0,
    statusReads: 0,
    receivedAt: new Date().toISOString(),
    endedAt: null,
  };
  state.refunds.set(refund.reference, received);
  const behaviour = state.behaviourFor(refund.phone);
  // A float already short fails at once (Airtel answers the send with it); otherwise the outcome comes later.
  if (state.float[refund.provider] < refund.amountNgwee) endRefund(state, received, 'succeed');
  else if (behaviour.refundOutcome !== 'never') {
    const outcome = behaviour.refundOutcome;
    if (behaviour.refundAfterMs > 0) state.later(behaviour.refundAfterMs, () => endRefund(state, received, outcome));
    else endRefund(state, received, outcome);
  }
  return received;
}

/** Ends a pending refund (false when it had ended): success takes the amount from the float, if it is there. */
export function endRefund(state: SimulatorState, refund: SimRefund, outcome: 'succeed' | 'fail'): boolean {
  if (refund.status !== 'PENDING') return false;
  const ended = { endedAt: new Date().toISOString() };
  if (outcome === 'fail') {
    Object.assign(refund, ended, { status: 'FAILED', reason: failureReason(refund.provider) });
  } else if (state.float[refund.provider] < refund.amountNgwee) {
    // [unverified] which reason MTN gives a refund when the float is short; the sandbox's transfer scenario suggests this one.
    Object.assign(refund, ended, {
      status: 'FAILED',
      reason: refund.provider === 'mtn' ? 'NOT_ENOUGH_FUNDS' : 'Insufficient funds',
    });
  } else {
    state.float[refund.provider] -= refund.amountNgwee;
    state.wallets.set(refund.phone, (state.wallets.get(refund.phone) ?? 0) + refund.amountNgwee);
    Object.assign(refund, ended, {
      status: 'SUCCESSFUL',
      moneyMoved: refund.moneyMoved + 1,
      providerTransactionId: refund.providerTransactionId ?? newTransactionId(refund.provider),
    });
  }
  return true;
}

/** What an MTN collection has left to refund: its amount less refunds that moved money or may still. */
export function refundableOf(state: SimulatorState, collectionReference: string, amountNgwee: number): number {
  let taken = 0;
  for (const refund of state.refunds.values())
    if (refund.collectionReference === collectionReference && refund.status !== 'FAILED') taken += refund.amountNgwee;
  return amountNgwee - taken;
}

const failureReason = (provider: PayingProvider) =>
  provider === 'mtn'
    ? 'COULD_NOT_PERFORM_TRANSACTION'
    : provider === 'lenco'
      ? 'Transfer failed'
      : 'Transaction failed';
