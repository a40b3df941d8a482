import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The signed order link an SMS carries (src/server/features/orders/order-link.ts), written again from its
 * format: journeys import no server code, and links already sent must keep opening, so a second reading of
 * the format is a check on the first. Token: order id (16 bytes), expiry in whole hours since 1970 (4 bytes,
 * big-endian), then the first 12 bytes of an HMAC-SHA256 keyed by HMAC(secret, 'order-link v1'); base64url.
 */
export function orderLinkPath(orderId: string, secret: string, now = Date.now(), days = 60): string {
  const id = Buffer.from(orderId.replace(/-/g, ''), 'hex');
  const expiry = Buffer.alloc(4);
  expiry.writeUInt32BE(Math.ceil((now + days * 24 * 3_600_000) / 3_600_000));
  const payload = Buffer.concat([id, expiry]);
  const key = createHmac('sha256', secret).update('order-link v1').digest();
  const mac = createHmac('sha256', key).update(payload).digest().subarray(0, 12);
  return `/o/${Buffer.concat([payload, mac]).toString('base64url')}`;
}

/** The e2e shop sets no JWT_SECRET, so the server made one in its data folder (see src/server/config.ts). */
export function e2eShopSecret(): string {
  return readFileSync(path.join(process.env.E2E_DATA_DIR!, 'jwt-secret'), 'utf8').trim();
}
