import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed order link sent by SMS: `/o/<token>` opens one order read-only without logging
 * in (status, items, total, how to pay), so a customer on a borrowed phone can follow it. The token is
 * the order id, an expiry and a MAC, 32 bytes written as 43 base64url characters, short enough to leave
 * most of a 160-character SMS for words. Changing JWT_SECRET retires every link, as it does every login.
 */
const ID_BYTES = 16;
const EXPIRY_BYTES = 4;
const MAC_BYTES = 12;
const TOKEN_BYTES = ID_BYTES + EXPIRY_BYTES + MAC_BYTES;
const HOUR_MS = 3_600_000;

/** How long a link works after it is sent: the life of an order from payment to delivery, with room. */
export const ORDER_LINK_DAYS = 60;

export type OrderLinkCheck =
  { ok: true; orderId: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

function macOf(secret: string, payload: Buffer): Buffer {
  const key = createHmac('sha256', secret).update('order-link v1').digest();
  return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
}

export function signOrderLink(orderId: string, secret: string, now = Date.now(), days = ORDER_LINK_DAYS): string {
  const id = Buffer.from(orderId.replace(/-/g, ''), 'hex');
  if (id.length !== ID_BYTES) throw new Error('An order link needs an order id (uuid)');
  const expiry = Buffer.alloc(EXPIRY_BYTES);
  // Whole hours since 1970: good until the year 2459, and an hour is fine for a link that lives weeks.
  expiry.writeUInt32BE(Math.ceil((now + days * 24 * HOUR_MS) / HOUR_MS));
  const payload = Buffer.concat([id, expiry]);
  return Buffer.concat([payload, macOf(secret, payload)]).toString('base64url');
}

export function readOrderLink(token: string, secret: string, now = Date.now()): OrderLinkCheck {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'invalid' };
  const bytes = Buffer.from(token, 'base64url');
  // The last character carries 4 bits and 2 unused ones, which decoding ignores: only the one written
  // form of a token is accepted, so a changed character never opens the order.
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return { ok: false, reason: 'invalid' };
  const payload = bytes.subarray(0, ID_BYTES + EXPIRY_BYTES);
  if (!timingSafeEqual(bytes.subarray(ID_BYTES + EXPIRY_BYTES), macOf(secret, payload)))
    return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(payload.readUInt32BE(ID_BYTES) * HOUR_MS);
  if (expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  const hex = payload.subarray(0, ID_BYTES).toString('hex');
  const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { ok: true, orderId, expiresAt };
}

/** The address written into a message: the shop's public address and the web route that shows it. */
export function orderLinkUrl(publicUrl: string, orderId: string, secret: string, now = Date.now()): string {
  return `${publicUrl.replace(/\/+$/, '')}/o/${signOrderLink(orderId, secret, now)}`;
}
