import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import type { PaymentMethod } from '../../../../shared/payment-methods';
import { orderBody, type CartLine } from '../../orders/test/fixtures';

/**
 * An order placed through the real API (priced by the server), then moved to a chosen moment and state
 * the way weeks of use would leave it: placed at `at`, paid, delivered or cancelled.
 */
export async function placeOrderAt(
  t: TestApp,
  auth: Record<string, string>,
  lines: CartLine[],
  opts: {
    at: string;
    paymentMethod?: PaymentMethod;
    paidAt?: string;
    deliveredAt?: string;
    status?: string;
    paymentReference?: string;
    /** How it was paid, as settleOrderPayment or an admin stores it (orders/payment-result.ts). */
    paymentResult?: Record<string, unknown>;
  },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    // Zamtel is offered only when a provider collects it; the test app has none, so the order takes it after.
    payload: orderBody(lines, {
      paymentMethod: opts.paymentMethod === 'zamtel' ? 'airtel' : (opts.paymentMethod ?? 'airtel'),
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json()._id as string;
  const at = new Date(opts.at);
  await t.app.db
    .update(orders)
    .set({
      createdAt: at,
      updatedAt: at,
      status: opts.status ?? 'Pending',
      paymentMethod: opts.paymentMethod ?? 'airtel',
      isPaid: Boolean(opts.paidAt),
      paidAt: opts.paidAt ? new Date(opts.paidAt) : null,
      paymentReference: opts.paymentReference ?? null,
      paymentResult: opts.paymentResult ?? null,
      isDelivered: Boolean(opts.deliveredAt),
      deliveredAt: opts.deliveredAt ? new Date(opts.deliveredAt) : null,
    })
    .where(eq(orders.id, id));
  return id;
}

/** RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error(`CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return rows;
}

/** A CSV answer: its raw bytes, the text after the BOM, and the rows as objects by header. */
export async function fetchCsv(t: TestApp, url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  const bytes = res.rawPayload;
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...data] = parseCsv(text.slice(1));
  const records = data.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
  return { res, bytes, header, data, records };
}
