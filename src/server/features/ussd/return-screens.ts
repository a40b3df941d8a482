import { compactKwacha, toKwacha } from '../../../shared/money';
import { orderReference } from '../../../shared/order-status';
import type { ReturnReason } from '../../../shared/returns';
import { option } from '../../../shared/ussd-screen';
import type { Say, TextKey } from '../../../shared/ussd-texts';

/**
 * "My orders" and "Return an item" (decision 069): the caller's last orders, one of them, and a return of
 * one line of it for money back to the wallet (an exchange is asked on the web). Drawn here, moved in
 * return-steps.ts; the rules are the returns feature's, the same as the web's.
 */
export type ReturnScreen =
  | { s: 'orders'; orders: OrderLine[] }
  | { s: 'order'; order: OrderLine; open: boolean }
  | { s: 'retLine'; orderId: string; lines: { id: string; name: string; max: number; unopenedOnly: boolean }[] }
  | { s: 'retQty'; orderId: string; itemId: string; name: string; max: number; unopenedOnly: boolean }
  | { s: 'retWhy'; orderId: string; itemId: string; name: string; qty: number; unopenedOnly: boolean }
  | {
      s: 'retConfirm';
      orderId: string;
      itemId: string;
      name: string;
      qty: number;
      reason: ReturnReason;
      amountNgwee: number;
      unopenedOnly: boolean;
    };

export interface OrderLine {
  id: string;
  totalNgwee: number;
  status: string;
  isPaid: boolean;
}

/** The four reasons in the order of the web's list, 1 to 4. */
export const USSD_REASONS: { value: ReturnReason; key: TextKey }[] = [
  { value: 'damaged', key: 'reasonDamaged' },
  { value: 'wrong-item', key: 'reasonWrongItem' },
  { value: 'not-as-described', key: 'reasonNotAsDescribed' },
  { value: 'changed-mind', key: 'reasonChangedMind' },
];

const kwacha = (ngwee: number) => compactKwacha(toKwacha(ngwee));

/** "#1a2b3c4d K423.00 Pending, paid" */
export const orderLabel = (o: OrderLine, say: Say) =>
  `#${orderReference(o.id)} ${kwacha(o.totalNgwee)} ${say(`status${o.status}` as TextKey)}, ${say(o.isPaid ? 'paid' : 'notPaid')}`;

/** The title and options of a return screen (the caller of show() adds the note and "0. Back"). */
export function returnScreenLines(screen: ReturnScreen, say: Say): { title: string; body: string[] } {
  switch (screen.s) {
    case 'orders':
      return { title: say('ordersTitle'), body: screen.orders.map((o, i) => option(i + 1, orderLabel(o, say))) };
    case 'order':
      return { title: orderLabel(screen.order, say), body: screen.open ? [option(1, say('returnItem'))] : [] };
    case 'retLine':
      return { title: say('returnWhich'), body: screen.lines.map((l, i) => option(i + 1, l.name)) };
    case 'retQty':
      return { title: screen.name, body: [say('returnHowMany', { max: screen.max })] };
    case 'retWhy':
      return { title: say('returnWhy'), body: USSD_REASONS.map((r, i) => option(i + 1, say(r.key))) };
    case 'retConfirm': {
      const reason = say(USSD_REASONS.find((r) => r.value === screen.reason)!.key);
      return {
        title: say('returnSummary', {
          qty: screen.qty,
          item: screen.name,
          reason,
          amount: kwacha(screen.amountNgwee),
        }),
        body: [option(1, say(screen.unopenedOnly ? 'returnUnopened' : 'confirm'))],
      };
    }
  }
}
