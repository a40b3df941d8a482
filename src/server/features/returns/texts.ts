import { compactKwacha, toKwacha } from '../../../shared/money';
import { orderReference } from '../../../shared/order-status';
import type { ReturnTexts } from '../orders';

/**
 * What each step of a return tells the shopper (decision 069), by text (GSM-7, the longest wording that
 * fits one message; SMS puts the shop's name in front while it still fits) and by the order's e-mail when
 * it has one. The refund's own text and e-mail say the money went back (features/sms orderRefundedText),
 * so "refunded" adds none.
 */
export interface ReturnFacts {
  number: string;
  orderId: string;
  /** Where it is brought: "Bring it to ... ." / "Our courier collects it from ... ." */
  whereText: string;
  /** The shopper pays the courier back (not the shop's fault, and the setting says so). */
  shopperPaysCourier: boolean;
}

const kwacha = (ngwee: number) => compactKwacha(toKwacha(ngwee));
const orderNo = (facts: ReturnFacts) => `#${orderReference(facts.orderId)}`;

function texts(kind: string, sms: string[], subject: string, body: string[]): ReturnTexts {
  return { kind: `return-${kind}`, sms, mail: { subject, text: `${body.join('\n\n')}\n` } };
}

export function requestedTexts(facts: ReturnFacts): ReturnTexts {
  const courier = facts.shopperPaysCourier ? ' The courier fee is yours.' : '';
  const head = `Return ${facts.number} for order ${orderNo(facts)} asked.`;
  return texts(
    'requested',
    [
      `${head} ${facts.whereText}${courier} We text you when it is accepted.`,
      `${head} ${facts.whereText}${courier}`,
      `${head} ${facts.whereText}`,
      head,
    ],
    `Your return ${facts.number} is asked`,
    [
      `We have your request to return items of order ${orderNo(facts)} (return ${facts.number}).`,
      `${facts.whereText}${courier}`,
      'We will tell you when it is accepted.',
    ],
  );
}

export function acceptedTexts(facts: ReturnFacts): ReturnTexts {
  const head = `Return ${facts.number} accepted.`;
  return texts('accepted', [`${head} ${facts.whereText}`, head], `Your return ${facts.number} is accepted`, [
    `Your return ${facts.number} of order ${orderNo(facts)} is accepted.`,
    facts.whereText,
  ]);
}

export function refusedTexts(facts: ReturnFacts, reason: string): ReturnTexts {
  const head = `Return ${facts.number} for order ${orderNo(facts)} refused: ${reason}`;
  return texts(
    'refused',
    [head, `Return ${facts.number} refused: ${reason}`, `Return ${facts.number} refused. Ask the shop why.`],
    `Your return ${facts.number} is refused`,
    [`We cannot take back return ${facts.number} of order ${orderNo(facts)}.`, `Why: ${reason}`],
  );
}

export function receivedTexts(facts: ReturnFacts, refundNgwee: number | null): ReturnTexts {
  const money = refundNgwee ? ` Your refund of ${kwacha(refundNgwee)} is on its way.` : '';
  const head = `Return ${facts.number} received.`;
  return texts('received', [`${head}${money}`, head], `We have received your return ${facts.number}`, [
    `We have received return ${facts.number} of order ${orderNo(facts)}.${money}`,
  ]);
}

export function exchangedTexts(facts: ReturnFacts, replacementOrderId: string, differenceNgwee: number): ReturnTexts {
  const replacement = `#${orderReference(replacementOrderId)}`;
  const balance =
    differenceNgwee > 0
      ? ` Please pay the balance of ${kwacha(differenceNgwee)}.`
      : differenceNgwee < 0
        ? ` We refund you ${kwacha(-differenceNgwee)}.`
        : '';
  const head = `Return ${facts.number} exchanged: new order ${replacement}.`;
  return texts(
    'exchanged',
    [`${head}${balance}`, `Exchange ${facts.number}: order ${replacement}.${balance}`],
    `Your exchange ${facts.number}: order ${replacement}`,
    [`Return ${facts.number} is exchanged: your replacement is order ${replacement}.${balance}`],
  );
}
