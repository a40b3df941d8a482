import { createHmac } from 'node:crypto';
import {
  kwachaText,
  newTransactionId,
  type SimOutcome,
  type SimPayment,
  type CallbackRecord,
  type SimStatus,
  type SimulatorState,
} from './state';

/**
 * Where each provider's callbacks go, changed by tests while the simulator runs. Empty here: each provider
 * adds its own fields beside its routes (`declare module '../settle'`, as airtel-money.ts and lenco/ do).
 */
export interface SettleOptions {}

export interface Final {
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
  const final = state.provider(payment.provider).final(payment, outcome);
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

async function sendCallback(
  state: SimulatorState,
  view: SimPayment,
  record: SimPayment,
  options: SettleOptions,
): Promise<void> {
  const call = state.provider(view.provider).callback(state, view, options);
  if (!call) return;
  record.callbacks.push(await deliver(call));
}

export interface CallbackCall {
  url: string;
  method: 'PUT' | 'POST';
  body: string;
  headers: Record<string, string>;
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
