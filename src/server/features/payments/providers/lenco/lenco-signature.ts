import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Lenco signs each webhook in X-Lenco-Signature: HMAC-SHA512 of the body, keyed with the hex SHA-256 of
 * the API token, as lowercase hex (docs/providers/lenco-api.md §5). We hash the raw bytes as they came (a
 * re-serialised body can differ from what was signed) and compare in constant time.
 */
export function lencoSignature(apiToken: string, rawBody: Buffer | string): string {
  const key = createHash('sha256').update(apiToken).digest('hex');
  return createHmac('sha512', key).update(rawBody).digest('hex');
}

export function isLencoSignatureValid(apiToken: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(lencoSignature(apiToken, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
