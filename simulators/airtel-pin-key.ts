import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt } from 'node:crypto';

/**
 * The key pair standing in for the one in Airtel's portal (Key Management): made once per simulator
 * process; the shop is given the public half (shop-env.ts) and encrypts the merchant PIN with it. When the
 * shop's settings are made in another process than the simulator's (Playwright's config starts both),
 * that process hands its private half over in SIMULATOR_AIRTEL_PIN_PRIVATE_KEY, so both use one pair.
 */
const privateKey = process.env.SIMULATOR_AIRTEL_PIN_PRIVATE_KEY
  ? createPrivateKey(process.env.SIMULATOR_AIRTEL_PIN_PRIVATE_KEY)
  : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

export const AIRTEL_PIN_PUBLIC_KEY_PEM = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
export const AIRTEL_PIN_PRIVATE_KEY_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/**
 * The PIN from its Base64 RSA PKCS#1 v1.5 cipher text, or null. Node refuses PKCS#1 v1.5 in
 * privateDecrypt (CVE-2023-46809), so the block is opened raw and its padding (00 02, non-zero bytes,
 * 00) taken off here. A simulator's check, not a cryptographic one.
 */
export function decryptPin(cipherText: unknown): string | null {
  if (typeof cipherText !== 'string' || !cipherText) return null;
  try {
    const block = privateDecrypt(
      { key: privateKey, padding: constants.RSA_NO_PADDING },
      Buffer.from(cipherText, 'base64'),
    );
    if (block[0] !== 0 || block[1] !== 2) return null;
    const end = block.indexOf(0, 2);
    return end >= 10 ? block.subarray(end + 1).toString('utf8') : null;
  } catch {
    return null;
  }
}
