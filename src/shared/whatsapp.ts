import { compactKwacha, computeTotalsInKwacha, lineTotalInKwacha } from './money';
import { readZambianMobile } from './phone-numbers';

/**
 * "Order on WhatsApp": a click-to-chat link (https://wa.me/<number>?text=...) that opens the
 * co-op's chat with the order already written, for customers who would rather talk than check out. The
 * co-op answers with the total and how to pay; the message says shipping and tax are theirs to confirm.
 */

/** Chat apps cut or refuse very long prefilled texts; a long cart names its first lines and counts the rest. */
export const WHATSAPP_TEXT_LIMIT = 1000;

export interface WhatsAppLine {
  name: string;
  /** Kwacha, one unit. */
  price: number;
  quantity: number;
}

/** wa.me wants the international number as digits only (260970000000); null for an empty or unreadable setting. */
export function whatsappDigits(number: string): string | null {
  const check = readZambianMobile(number);
  return check.ok ? check.mobile.e164.slice(1) : null;
}

const greeting = (shopName: string) => `Hello ${shopName}! I would like to order:`;
const lineText = (line: WhatsAppLine) =>
  `${line.quantity} x ${line.name} — ${compactKwacha(lineTotalInKwacha(line.price, line.quantity))}`;

/** The message for one product page: what, how many, the price and the page, so the co-op sees which item. */
export function productOrderText(shopName: string, product: WhatsAppLine & { url: string }): string {
  const each = product.quantity > 1 ? ` (${compactKwacha(product.price)} each)` : '';
  return [
    greeting(shopName),
    '',
    `${lineText(product)}${each}`,
    product.url,
    '',
    'Please tell me the total with shipping and tax, and how to pay. Thank you!',
  ].join('\n');
}

/** The message for the cart: each line, the subtotal, and that shipping and tax are confirmed by the co-op. */
export function cartOrderText(shopName: string, lines: readonly WhatsAppLine[]): string {
  const subtotal = computeTotalsInKwacha(lines).itemsPrice;
  const head = [greeting(shopName), ''];
  const tail = [
    '',
    `Subtotal: ${compactKwacha(subtotal)}`,
    'Shipping and tax are confirmed by the co-op. Please tell me the total and how to pay. Thank you!',
  ];
  const length = (parts: string[]) => parts.join('\n').length;
  const shown: string[] = [];
  for (const [index, line] of lines.entries()) {
    const left = lines.length - index - 1;
    // Room is kept for the "and N more items" line that would follow if a later line does not fit.
    const more = left > 0 ? [moreItems(left)] : [];
    if (length([...head, ...shown, lineText(line), ...more, ...tail]) > WHATSAPP_TEXT_LIMIT) {
      shown.push(moreItems(lines.length - index));
      break;
    }
    shown.push(lineText(line));
  }
  return [...head, ...shown, ...tail].join('\n');
}

const moreItems = (count: number) => `and ${count} more ${count === 1 ? 'item' : 'items'}`;

/** The click-to-chat address; null when the shop has no (readable) WhatsApp number, so no link is offered. */
export function whatsappLink(number: string, text: string): string | null {
  const digits = whatsappDigits(number);
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}
