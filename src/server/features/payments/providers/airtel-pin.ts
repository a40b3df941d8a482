import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Airtel's disbursement takes the merchant PIN encrypted with Airtel's RSA public key (PKCS#1 v1.5,
 * Base64), as two public clients do (research: 121-platform's encryptPinV1, Chizzoz's JSEncrypt). The
 * key comes from the Airtel portal's Key Management as Base64 text; AIRTEL_MONEY_PIN_PUBLIC_KEY takes
 * that text, the same as PEM, or the path of a file holding either (a PEM's line breaks are awkward in
 * some environment files).
 */
export function readPinPublicKey(setting: string): { ok: true; pem: string } | { ok: false; issue: string } {
  const text = looksLikeKey(setting) ? setting : existsSync(setting) ? readFileSync(setting, 'utf8') : null;
  if (text === null)
    return { ok: false, issue: 'must be Airtel’s public key (PEM or Base64) or the path of a file holding it' };
  const pem = text.includes('-----BEGIN')
    ? text.replace(/\\n/g, '\n')
    : `-----BEGIN PUBLIC KEY-----\n${text.replace(/\s+/g, '')}\n-----END PUBLIC KEY-----\n`;
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'rsa') return { ok: false, issue: 'must be an RSA public key' };
    return { ok: true, pem: key.export({ type: 'spki', format: 'pem' }).toString() };
  } catch {
    return { ok: false, issue: 'is not a readable RSA public key' };
  }
}

export function encryptPin(pin: string, publicKeyPem: string): string {
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(pin, 'utf8')).toString(
    'base64',
  );
}

const looksLikeKey = (value: string) => value.includes('-----BEGIN') || /^[A-Za-z0-9+/=\s]{100,}$/.test(value);
