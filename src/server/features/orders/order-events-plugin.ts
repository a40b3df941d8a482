import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import { EventHub } from '../../lib/events';
import type { RefundRoute, RefundStatus } from '../../../shared/refunds';
import type { Order } from '../../../shared/schemas/orders';

/**
 * What happens to orders, announced by this feature after (and recorded within) its transactions.
 * Mail subscribes (features/mail/order-mail.ts); payments and SMS subscribe the same way. Orders import
 * none of them.
 */
export interface OrderEvents {
  /** A new order (not an Idempotency-Key repeat of one); the customer's sign-in number rides along. */
  'order.placed': { order: Order; customerMobile: string | null };
  /** The status changed to anything but Cancelled. */
  'order.status-changed': { order: Order; from: string };
  /** The order became paid (paid.ts markOrderPaid): a provider confirmed the money, or an admin marked it. */
  'order.paid': {
    order: Order;
    /** Paid in full by the balance an edit left on a paid order, this much (docs/decisions/070-order-edits.md). */
    balanceNgwee?: number;
  };
  /** The status became Cancelled; its stock went back. `release`: the shop did it, the order unpaid past its hold. */
  'order.cancelled': { order: Order; from: string; release?: UnpaidRelease };
  /** Money went back to the shopper: a refund reached its wallet, or a member's send by hand was recorded (docs/decisions/030-refunds.md). */
  'order.refunded': { order: Order; refund: RefundedMoney };
  /** A return of the order moved (features/returns, decision 069): the shopper is told by text and e-mail. */
  'order.return': { order: Order; returnTexts: ReturnTexts };
  /** An admin changed the order before it left (docs/decisions/070-order-edits.md): its new lines and totals. */
  'order.edited': { order: Order; edit: EditedMoney };
}

/** What a return's step tells the shopper, worded by features/returns; the SMS is signed by SMS (one part when it fits). */
export interface ReturnTexts {
  /** 'return-requested', 'return-accepted' ...: the outbox rows' kind. */
  kind: string;
  /** Wordings, longest first: SMS sends the first that fits one message. */
  sms: string[];
  mail: { subject: string; text: string };
}

/** What an edit did to the money: the difference, a balance now due, a refund asked. */
export interface EditedMoney {
  editId: string;
  previousTotalNgwee: number;
  differenceNgwee: number;
  balanceDueNgwee: number;
  refundNgwee: number;
}

/** An unpaid order the shop released (docs/decisions/056-unpaid-orders-hold-stock-for-a-while.md). */
export interface UnpaidRelease {
  /** How long it was held, from its placing. */
  heldMs: number;
  /** It was to be paid on collection: held for the collection window. */
  onCollection: boolean;
}

/** A refund that reached the shopper, with the order's refunded total after it. */
export interface RefundedMoney {
  refundId: string;
  amountNgwee: number;
  route: RefundRoute;
  /** The wallet it went to; null for a send by hand. */
  phone: string | null;
  refundedNgwee: number;
  status: RefundStatus;
}

export type OrderEventHub = EventHub<OrderEvents, Tx>;
/** Raises an order event inside `app.orderEvents.transaction`. */
export type RaiseOrderEvent = <K extends keyof OrderEvents>(event: K, payload: OrderEvents[K]) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    orderEvents: OrderEventHub;
  }
}

export default fp(
  async function orderEventsPlugin(app: FastifyInstance) {
    app.decorate(
      'orderEvents',
      new EventHub<OrderEvents, Tx>((error, event) =>
        app.log.error({ err: error, event }, 'order event subscriber failed'),
      ),
    );
  },
  { name: 'order-events' },
);
