import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileStamp } from './file-stamp';

/**
 * The secret that signs logins, order links and sign-in codes when JWT_SECRET is not set: made once per
 * DATA_DIR and kept in DATA_DIR/jwt-secret (owner only), so tokens survive restarts without anyone
 * choosing one. Changing it ends every login and retires every order link already sent.
 */
export const signingSecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

/** DATA_DIR's secret, or undefined when it has none yet. */
export function readSigningSecret(dataDir: string): string | undefined {
  const file = signingSecretFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** DATA_DIR's secret, made now when it has none. */
export function persistedSigningSecret(dataDir: string): string {
  const found = readSigningSecret(dataDir);
  if (found) return found;
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(signingSecretFile(dataDir), secret, { mode: 0o600 });
  return secret;
}

/**
 * Puts `secret` in DATA_DIR/jwt-secret (a restore, a copy to a new folder). A different secret already
 * there is set aside as jwt-secret.before-<date>, never deleted. Answers where it was set aside, if it was.
 */
export function placeSigningSecret(dataDir: string, secret: string): { setAside?: string } {
  const file = signingSecretFile(dataDir);
  const present = readSigningSecret(dataDir);
  if (present === secret) return {};
  let setAside: string | undefined;
  if (present !== undefined) {
    setAside = `${file}.before-${fileStamp()}`;
    renameSync(file, setAside);
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return { setAside };
}

/** The secret a backup or a copy to a new DATA_DIR carries: DATA_DIR's, when the shop signs with it (JWT_SECRET unset). */
export const secretToCarry = (dataDir: string, setting: string | undefined) =>
  setting ? undefined : readSigningSecret(dataDir);
