import { createHmac } from 'node:crypto';
import { lencoSignature, lencoWebhookBody } from './lenco-view';
import {
  kwachaText,
  newTransactionId,
  type SimOutcome,
  type SimPayment,
  type CallbackRecord,
  type SimStatus,
  type SimulatorState,
} from './state';

export interface SettleOptions {
  /** Where Lenco's webhooks go (set by Lenco's support for the account), and the API token that signs them. */
  lencoWebhookUrl?: string;
  lencoApiToken?: string;
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
  // Lenco's sandbox words (docs/providers/lenco-api.md §3).
  if (payment.provider === 'lenco')
    return {
      status: 'FAILED',
      reason: payment.card ? 'Card declined' : outcome === 'decline' ? 'Not enough funds' : 'Incorrect Pin',
      providerTransactionId,
    };
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
  const call = callbackOf(state, view, options);
  if (!call) return;
  record.callbacks.push(await deliver(call));
}

interface CallbackCall {
  url: string;
  method: 'PUT' | 'POST';
  body: string;
  headers: Record<string, string>;
}

/** Each provider's callback: MTN's to the request's X-Callback-Url, Airtel's and Lenco's to the account's one URL. */
function callbackOf(state: SimulatorState, view: SimPayment, options: SettleOptions): CallbackCall | null {
  const json = { 'Content-Type': 'application/json' };
  if (view.provider === 'mtn')
    // MoMo calls the X-Callback-Url with PUT for request-to-pay; the shop should accept POST as well.
    return view.callbackUrl
      ? { url: view.callbackUrl, method: 'PUT', body: JSON.stringify(mtnView(state, view)), headers: json }
      : null;
  if (view.provider === 'airtel')
    return options.airtelCallbackUrl
      ? {
          url: options.airtelCallbackUrl,
          method: 'POST',
          body: airtelCallbackBody(view, options.airtelCallbackKey),
          headers: json,
        }
      : null;
  if (!options.lencoWebhookUrl || !options.lencoApiToken) return null;
  const body = lencoWebhookBody(state, view);
  return {
    url: options.lencoWebhookUrl,
    method: 'POST',
    body,
    headers: { ...json, 'X-Lenco-Signature': lencoSignature(options.lencoApiToken, body) },
  };
}

/** Sends one callback; what it got back (a status or the network error's name) is recorded. */
export async function deliver(call: CallbackCall): Promise<CallbackRecord> {
  let result: number | string;
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      signal: AbortSignal.timeout(5_000),
    });
    await response.arrayBuffer();
    result = response.status;
  } catch (error) {
    result = (error as Error).name;
  }
  return { at: new Date().toISOString(), url: call.url, result };
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
