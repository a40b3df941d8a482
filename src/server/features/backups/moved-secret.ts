import { placeSigningSecret, signingSecretFile } from '../../lib/signing-secret';

/**
 * What became of the signing secret when a shop moved to a new DATA_DIR (npm run restore, npm run db:copy
 * -- --to FOLDER): logins, order links sent by SMS and sign-in codes are signed with it, so a shop started
 * with another secret logs everyone out and every order link already sent stops opening (decision 025).
 */
export type MovedSecret =
  /** Written to `file`; `setting`: whether JWT_SECRET, which wins over the file, is set for the target and equal. */
  | { carried: true; file: string; setAside?: string; setting: 'unset' | 'same' | 'different' }
  /** Nothing to carry: the old shop signed with JWT_SECRET, it had no secret file, or it is an older backup. */
  | { carried: false; file: string; settingHere: boolean };

/** Puts the carried secret in the target DATA_DIR (a different one there is set aside, never deleted). */
export function moveSigningSecret(
  dataDir: string,
  secret: string | undefined,
  settingHere: string | undefined,
): MovedSecret {
  const file = signingSecretFile(dataDir);
  if (!secret) return { carried: false, file, settingHere: Boolean(settingHere) };
  const { setAside } = placeSigningSecret(dataDir, secret);
  return {
    carried: true,
    file,
    setAside,
    setting: !settingHere ? 'unset' : settingHere === secret ? 'same' : 'different',
  };
}

const LOST = 'every order link already sent by SMS stops opening and everyone must log in again';

/** The lines the command prints about the secret: what happened, and what to do when it could not be carried. */
export function movedSecretReport(moved: MovedSecret, what: 'backup' | 'copy'): string[] {
  const old = what === 'backup' ? 'the backed-up shop' : 'the shop';
  if (moved.carried) {
    const lines = [
      `Signing secret: ${old}'s was written to ${moved.file}, so order links already sent by SMS keep opening and nobody is logged out.`,
    ];
    if (moved.setAside) lines.push(`  The secret that was there is kept in ${moved.setAside}.`);
    if (moved.setting === 'different') {
      lines.push(
        `WARNING: JWT_SECRET is set here and is not ${old}'s secret, and it wins: ${LOST}. Start the shop without JWT_SECRET to use ${moved.file}.`,
      );
    }
    return lines;
  }
  if (what === 'copy' && moved.settingHere) {
    return [`Signing secret: the shop signs with JWT_SECRET. Start the new one with the same JWT_SECRET, or ${LOST}.`];
  }
  if (what === 'copy') {
    return [
      'WARNING: there is no DATA_DIR/jwt-secret here to copy (the shop did not run from this DATA_DIR).',
      `  Before starting the new shop, copy the running shop's DATA_DIR/jwt-secret to ${moved.file}, or set its JWT_SECRET;`,
      `  otherwise ${LOST}.`,
    ];
  }
  return [
    'WARNING: this backup does not carry the signing secret (its shop had JWT_SECRET set, or an older version of the shop made it).',
    `  Before starting the shop, ${moved.settingHere ? "make sure JWT_SECRET is the old shop's" : `set JWT_SECRET to the old shop's, or copy the old shop's DATA_DIR/jwt-secret to ${moved.file}`};`,
    `  otherwise ${LOST}.`,
  ];
}
