import { randomBytes, randomUUID } from 'node:crypto';
import { SmsInbox } from './africastalking-sms-inbox';
import type { SimulatedProvider } from './simulated-provider';
import { DEMO_VSDC, VsdcDevices, type VsdcAccount } from './vsdc';

/**
 * The simulator's memory: tokens it gave out, every payment request and text message it received, and how it was told to
 * behave (for every phone, or for one number). Nothing is stored on disk; a restart forgets everything.
 */
/** A simulated collection provider's id (providers.ts). */
export type SimProvider = string;
/** The providers whose refunds the simulator pays out of a float (refunds.ts; Lenco has no refund API). */
export type RefundingProvider = 'mtn' | 'airtel';
/** Those that send money out of a float: refunds, and members' payouts (Lenco's transfers too). */
export type PayingProvider = RefundingProvider | 'lenco';
/** Who a token was given to: MTN's Disbursement product has its own (a Collection token does not open it). */
export type TokenHolder = RefundingProvider | 'mtn-disbursement';
/** EXPIRED: the provider ended the prompt itself (MTN reads it as FAILED with reason EXPIRED, Airtel as TE). */
export type SimStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED' | 'EXPIRED';
/** wait: nothing happens until the tester answers on the phone page (or never: the request stays pending). */
export type SimOutcome = 'wait' | 'approve' | 'decline' | 'wrong-pin';

export interface Behaviour {
  outcome: SimOutcome;
  /** Seconds between the request and the automatic outcome. */
  afterSeconds: number;
  /**
   * normal; error-500: every request and status read for the number answers 500; slow: answers after
   * slowMs; error-500-after-accept (refunds, payouts): the send is taken and the money moves, then the
   * answer is a 500; refuse (payouts to the number through Airtel or Lenco): the provider refuses the send
   * (Airtel DP00900001010, Lenco errorCode 05), nothing is taken.
   */
  answer: 'normal' | 'error-500' | 'slow' | 'error-500-after-accept' | 'refuse';
  slowMs: number;
  /** once (the default), twice, never, or early: the callback goes out earlyMs before the status read agrees. */
  callback: 'once' | 'twice' | 'never' | 'early';
  earlyMs: number;
  /** Added to the amount the status read and callback report (MTN; Airtel's enquiry reports no amount). */
  amountDeltaNgwee: number;
  /** What becomes of a refund or payout to this number (refunds.ts): it succeeds, fails, or stays pending for ever. */
  refundOutcome: 'succeed' | 'fail' | 'never';
  /** Milliseconds between a refund's arrival and its outcome. */
  refundAfterMs: number;
}

export const DEFAULT_BEHAVIOUR: Behaviour = {
  outcome: 'wait',
  afterSeconds: 0,
  answer: 'normal',
  slowMs: 0,
  callback: 'once',
  earlyMs: 2_000,
  amountDeltaNgwee: 0,
  refundOutcome: 'succeed',
  refundAfterMs: 0,
};

export interface CallbackRecord {
  at: string;
  url: string;
  /** The HTTP status our callback got back, or the network error. */
  result: number | string;
}

export interface SimPayment {
  provider: SimProvider;
  /** MTN: X-Reference-Id; Airtel: transaction.id. */
  reference: string;
  /** +260XXXXXXXXX, whatever form the provider's API took it in. */
  phone: string;
  amountNgwee: number;
  currency: string;
  /** MTN externalId / Airtel reference: what the shop wrote about the payment. */
  externalId: string;
  message: string;
  status: SimStatus;
  reason: string | null;
  providerTransactionId: string | null;
  callbackUrl: string | null;
  callbacks: CallbackRecord[];
  receivedAt: string;
  /** When the phone's answer took effect (what the status read reports from then on). */
  endedAt: string | null;
  /** How many times the shop read this request's status: what each read costs the co-op's quota. */
  statusReads: number;
}

type SetOnArrival =
  'status' | 'statusReads' | 'reason' | 'providerTransactionId' | 'callbacks' | 'receivedAt' | 'endedAt';

/** A collection request as a provider takes it in, waiting on the phone: the same start for every provider. */
export function receivedPayment<P extends Omit<SimPayment, SetOnArrival>>(given: P) {
  return {
    ...given,
    status: 'PENDING' as const,
    statusReads: 0,
    reason: null,
    providerTransactionId: null,
    callbacks: [],
    receivedAt: new Date().toISOString(),
    endedAt: null,
  };
}

/**
 * Money the shop sent out of a provider's float: a refund (MTN), a disbursement (Airtel: a refund or a
 * member's payout) or a transfer to a member's wallet (MTN, Lenco).
 */
export interface SimRefund {
  provider: PayingProvider;
  kind: 'refund' | 'disbursement' | 'transfer';
  /** MTN: X-Reference-Id; Airtel: transaction.id; Lenco: reference. */
  reference: string;
  /** MTN: the collection's X-Reference-Id it pays back; Airtel: null (a disbursement names its payee). */
  collectionReference: string | null;
  phone: string;
  amountNgwee: number;
  currency: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason: string | null;
  providerTransactionId: string | null;
  /** Every send with this reference, the refused duplicates included. */
  sendsReceived: number;
  /** Times money left the float for it: the guard tests count, never above 1. */
  moneyMoved: number;
  statusReads: number;
  receivedAt: string;
  endedAt: string | null;
}

/** K 1,000,000 each, unless a test says otherwise (Lenco's: the balance of the account payouts are sent from). */
export const DEFAULT_FLOAT: Record<PayingProvider, number> = {
  mtn: 100_000_000,
  airtel: 100_000_000,
  lenco: 100_000_000,
};

export class SimulatorState {
  /** The simulated collection providers (providers.ts), each payment's by its id. */
  constructor(private readonly providers: readonly SimulatedProvider[]) {}
  provider(id: SimProvider): SimulatedProvider {
    const provider = this.providers.find((p) => p.id === id);
    if (!provider) throw new Error(`No simulated provider ${id}`);
    return provider;
  }
  readonly payments = new Map<string, SimPayment>();
  /** Refunds, disbursements and transfers received, by our reference (refunds.ts). */
  readonly refunds = new Map<string, SimRefund>();
  /** The disbursement float of each provider, in ngwee: what refunds and payouts are paid from (set by tests via /_sim/float). */
  readonly float: Record<PayingProvider, number> = { ...DEFAULT_FLOAT };
  /** What each number's wallet received from the shop, in ngwee (a member's payouts, a shopper's refunds). */
  readonly wallets = new Map<string, number>();
  readonly tokens = new Map<string, { provider: TokenHolder; expiresAt: number }>();
  readonly tokensIssued: Record<TokenHolder, number> = { mtn: 0, airtel: 0, 'mtn-disbursement': 0 };
  /** Text messages sent through the simulated Africa's Talking SMS API (sms-routes.ts). */
  readonly sms = new SmsInbox();
  /** The taxpayers whose VSDC the simulator plays (the demo one unless a test names others). */
  vsdcAccounts: VsdcAccount[] = [DEMO_VSDC];
  /** ZRA's VSDC: its devices, what they signed, how they behave (vsdc/). */
  readonly vsdc = new VsdcDevices(() => this.vsdcAccounts);
  private globalBehaviour: Behaviour = { ...DEFAULT_BEHAVIOUR };
  private readonly byPhone = new Map<string, Behaviour>();
  private readonly timers = new Set<NodeJS.Timeout>();

  issueToken(provider: TokenHolder, lifetimeSeconds: number): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { provider, expiresAt: Date.now() + lifetimeSeconds * 1000 });
    this.tokensIssued[provider] += 1;
    return token;
  }

  tokenIsValid(provider: TokenHolder, authorization: string | undefined): boolean {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const held = token ? this.tokens.get(token) : undefined;
    return Boolean(held && held.provider === provider && held.expiresAt > Date.now());
  }

  expireTokens(): void {
    this.tokens.clear();
  }

  behaviourFor(phone: string): Behaviour {
    return this.byPhone.get(phone) ?? this.globalBehaviour;
  }

  setBehaviour(change: Partial<Behaviour>, phone?: string): Behaviour {
    const next = { ...(phone ? this.behaviourFor(phone) : this.globalBehaviour), ...change };
    if (phone) this.byPhone.set(phone, next);
    else this.globalBehaviour = next;
    return next;
  }

  resetBehaviour(): void {
    this.globalBehaviour = { ...DEFAULT_BEHAVIOUR };
    this.byPhone.clear();
  }

  /** Forgets requests, tokens and behaviours, and stops every pending timer. */
  reset(): void {
    this.clearTimers();
    this.payments.clear();
    this.refunds.clear();
    this.wallets.clear();
    Object.assign(this.float, DEFAULT_FLOAT);
    this.tokens.clear();
    this.tokensIssued.mtn = 0;
    this.tokensIssued.airtel = 0;
    this.tokensIssued['mtn-disbursement'] = 0;
    this.resetBehaviour();
    this.sms.reset();
    this.vsdc.reset();
  }

  later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/** The behaviour key of a card (the widget's payments have no phone): its last four digits. */
export const cardKey = (cardNumber: string) => `card:${cardNumber.replace(/\D/g, '').slice(-4) || '0000'}`;

/** Any written form of a Zambian number (+260..., 260..., 0..., 9 digits) as +260 and its last nine digits. */
export function phoneKey(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 9 ? `+260${digits.slice(-9)}` : null;
}

/** A refund's or payout's transaction id, as each provider writes one (Lenco: its lencoReference). */
export const newTransactionId = (provider: PayingProvider) =>
  provider === 'mtn'
    ? String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999))
    : provider === 'lenco'
      ? String(240_000_000 + Math.floor(Math.random() * 9_999_999))
      : `MP${randomUUID().slice(0, 8).toUpperCase()}`;

/** 12345 -> "123.45" (the simulator shares no code with the shop, so it keeps its own three lines). */
export function kwachaText(ngwee: number): string {
  return `${Math.floor(ngwee / 100)}.${String(ngwee % 100).padStart(2, '0')}`;
}

/** "123.45" or 123.45 -> 12345; null when it is not a positive amount in whole ngwee. */
export function ngweeOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const ngwee = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return ngwee > 0 ? ngwee : null;
}
