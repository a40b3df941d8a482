import { createHmac } from 'node:crypto';
import {
  kwachaText,
  newTransactionId,
  type SimOutcome,
  type SimPayment,
  type SimStatus,
  type SimulatorState,
} from './state';

export interface SettleOptions {
  /** Where Airtel callbacks go (Airtel registers one URL per application, not one per request). */
  airtelCallbackUrl?: string;
  /** Airtel's callback authentication: a hash of the body with this private key, HMAC-SHA256, Base64. */
  airtelCallbackKey?: string;
}

interface Final {
  status: SimStatus;
  reason: string | null;
  providerTransactionId: string | null;
}

/** The phone's answer, or expire: the provider itself ends a prompt nobody answered. */
export type SimEnding = Exclude<SimOutcome, 'wait'> | 'expire';

/**
 * The shopper's answer to a payment prompt, whenever it comes: the simulator keeps a prompt open until
 * it is answered or expired, so a test can approve one the shop has long given up on (a late approval).
 * The status read and the callback follow the behaviour of the number: the callback once, twice, never,
 * or early (before the status read agrees). False when the payment had already ended.
 */
export function settlePayment(
  state: SimulatorState,
  payment: SimPayment,
  outcome: SimEnding,
  options: SettleOptions,
): boolean {
  if (payment.status !== 'PENDING') return false;
  const behaviour = state.behaviourFor(payment.phone);
  const final = finalOf(payment, outcome);
  const apply = () => Object.assign(payment, final, { endedAt: new Date().toISOString() });
  if (behaviour.callback === 'early') {
    void sendCallback(state, { ...payment, ...final }, payment, options);
    state.later(behaviour.earlyMs, apply);
    return true;
  }
  apply();
  const times = behaviour.callback === 'twice' ? 2 : behaviour.callback === 'never' ? 0 : 1;
  void (async () => {
    for (let i = 0; i < times; i += 1) await sendCallback(state, payment, payment, options);
  })();
  return true;
}

/** What the status read of MTN's requesttopay answers (the MTN callback carries the same body). */
export function mtnView(state: SimulatorState, payment: SimPayment) {
  const reported = payment.amountNgwee + state.behaviourFor(payment.phone).amountDeltaNgwee;
  return {
    amount: kwachaText(reported),
    currency: payment.currency,
    ...(payment.providerTransactionId ? { financialTransactionId: payment.providerTransactionId } : {}),
    externalId: payment.externalId,
    payer: { partyIdType: 'MSISDN', partyId: payment.phone.slice(1) },
    payerMessage: payment.message,
    payeeNote: payment.message,
    status: payment.status === 'EXPIRED' ? 'FAILED' : payment.status,
    ...(payment.reason ? { reason: payment.reason } : {}),
  };
}

const AIRTEL_CODES: Record<SimStatus, string> = { PENDING: 'TIP', SUCCESSFUL: 'TS', FAILED: 'TF', EXPIRED: 'TE' };

/** What Airtel's transaction enquiry answers. */
export function airtelView(payment: SimPayment) {
  return {
    data: {
      transaction: {
        airtel_money_id: payment.providerTransactionId ?? '',
        id: payment.reference,
        message:
          payment.reason ?? (payment.status === 'SUCCESSFUL' ? 'Transaction successful' : 'Transaction in progress'),
        status: AIRTEL_CODES[payment.status],
      },
    },
    status: {
      code: '200',
      message: 'SUCCESS',
      result_code: 'ESB000010',
      response_code: 'DP00800001001',
      success: true,
    },
  };
}

function finalOf(payment: SimPayment, outcome: SimEnding): Final {
  // MTN's reason code for a prompt that timed out (decision 011); Airtel's enquiry says TE.
  if (outcome === 'expire')
    return {
      status: 'EXPIRED',
      reason: payment.provider === 'mtn' ? 'EXPIRED' : 'Transaction expired',
      providerTransactionId: null,
    };
  const providerTransactionId = newTransactionId(payment.provider);
  if (outcome === 'approve') return { status: 'SUCCESSFUL', reason: null, providerTransactionId };
  if (payment.provider === 'mtn') return { status: 'FAILED', reason: 'APPROVAL_REJECTED', providerTransactionId: null };
  const reason = outcome === 'decline' ? 'Transaction declined by the subscriber' : 'Incorrect PIN entered';
  return { status: 'FAILED', reason, providerTransactionId };
}

async function sendCallback(
  state: SimulatorState,
  view: SimPayment,
  record: SimPayment,
  options: SettleOptions,
): Promise<void> {
  const isMtn = view.provider === 'mtn';
  const url = isMtn ? view.callbackUrl : options.airtelCallbackUrl;
  if (!url) return;
  const body = isMtn ? JSON.stringify(mtnView(state, view)) : airtelCallbackBody(view, options.airtelCallbackKey);
  let result: number | string;
  try {
    const response = await fetch(url, {
      // MoMo calls the X-Callback-Url with PUT for request-to-pay; the shop should accept POST as well.
      method: isMtn ? 'PUT' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    await response.arrayBuffer();
    result = response.status;
  } catch (error) {
    result = (error as Error).name;
  }
  record.callbacks.push({ at: new Date().toISOString(), url, result });
}

function airtelCallbackBody(payment: SimPayment, key: string | undefined): string {
  const transaction = {
    id: payment.reference,
    message: payment.reason ?? 'Transaction successful',
    // Airtel's callback carries TS or TF only.
    status_code: payment.status === 'SUCCESSFUL' ? 'TS' : 'TF',
    airtel_money_id: payment.providerTransactionId ?? '',
  };
  if (!key) return JSON.stringify({ transaction });
  const hash = createHmac('sha256', key).update(JSON.stringify({ transaction })).digest('base64');
  return JSON.stringify({ transaction, hash });
}
