import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { BadRequest, Conflict, Forbidden, HttpError, NotFound, isUniqueViolation } from '../../lib/http-errors';
import { PHONE_CODE_DIGITS, PHONE_CODE_TRIES, PHONE_CODE_TTL_SECONDS } from '../../../shared/schemas/phone-sign-in';
import { takeLimitedUse } from '../limits';
import { cachedShopSettings } from '../settings';
import { phoneCodeText } from './phone-code-text';
import {
  codeTimesForMobile,
  codeTimesForMobileAndAddress,
  takeTry,
  databaseNow,
  findUserByMobile,
  insertPhoneCode,
  lockMobile,
  newestCode,
  retireOpenCodes,
  useCode,
  type PhoneCodePurpose,
  type PhoneCodeRow,
} from './phone-codes';
import { ADDRESS_CODE_LIMIT, addressLimitHit, codeLimitHit, longestWindow, type LimitHit } from './phone-limits';
import { findUserById, insertUser, updateUser, type UserRow } from './queries';
import { USER_NOT_FOUND, deriveNames } from './service';

/**
 * Signing in with a phone number (docs/decisions/016-phone-sign-in.md): a 6-digit code sent by text
 * proves the number, and the number is the account's key. Merge rules (docs/product-decisions.md,
 * "Signing in with a phone number"): a number belongs to at most one account; a code never attaches
 * itself to an account just because its contact phone holds the number; two accounts are never merged;
 * admins sign in with e-mail and password only.
 */

export const NO_CODE = 'There is no code waiting for this number. Ask for a new code.';
export const CODE_EXPIRED = 'This code has expired. Ask for a new one.';
export const TOO_MANY_WRONG = 'Too many wrong codes. Ask for a new code.';
export const NUMBER_TAKEN = 'This number is already used by another account.';
export const NEEDS_NAME = 'Tell us your name to open your account.';
export const ADMIN_NO_MOBILE =
  'Admin accounts sign in with e-mail and password only, so they cannot use a sign-in number.';
export const KEEP_A_WAY_IN = 'Add an e-mail and a password first: without this number you could not sign in.';
export const ALREADY_YOURS = 'This is already your sign-in number.';

export interface PhoneDeps {
  db: Db;
  sms: FastifyInstance['sms'];
  /** Keys the code digests and address digests; derived from the token secret, never stored. */
  codeKey: Buffer;
}

export function phoneDeps(app: FastifyInstance): PhoneDeps {
  return {
    db: app.db,
    sms: app.sms,
    codeKey: createHmac('sha256', app.config.jwtSecret).update('coop-shop phone codes v1').digest(),
  };
}

/**
 * Six digits are a million possibilities: a bare digest is reversed in a second. Keyed by the server's
 * secret and bound to the row, a leaked table tells nothing, and a digest fits no other row.
 */
function codeDigest(key: Buffer, row: { id: string; mobile: string }, code: string): string {
  return createHmac('sha256', key).update(`${row.id}:${row.mobile}:${code}`).digest('base64url');
}

/** Limits per number and address need no address stored: a keyed digest of it is enough to count. */
export const addressKeyOf = (key: Buffer, address: string) =>
  createHmac('sha256', key).update(`address:${address}`).digest('base64url').slice(0, 22);

export interface CodeRequest {
  mobile: string;
  purpose: PhoneCodePurpose;
  /** The signed-in account asking to add the number ('add-number'); null to sign in. */
  userId: string | null;
  address: string;
}

/** Sends a new code (the older ones stop working), or answers the limit that stops it. */
export async function sendPhoneCode(deps: PhoneDeps, request: CodeRequest): Promise<LimitHit | null> {
  const { db, sms, codeKey } = deps;
  const addressKey = addressKeyOf(codeKey, request.address);
  const { shopName } = await cachedShopSettings(db);
  const code = String(randomInt(0, 10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
  const hit = await db.transaction(async (tx) => {
    await lockMobile(tx, request.mobile);
    const [mobileTimes, pairTimes, now] = await Promise.all([
      codeTimesForMobile(tx, request.mobile, longestWindow('mobile')),
      codeTimesForMobileAndAddress(tx, request.mobile, addressKey, longestWindow('mobile+address')),
      databaseNow(tx),
    ]);
    // The database's clock, the one created_at was written with (instances' clocks may differ).
    const limit = codeLimitHit({ mobile: mobileTimes, 'mobile+address': pairTimes }, now.getTime());
    if (limit) return limit;
    // Last, so a request the number's limits refuse takes no place of the address's.
    const { max, windowMs } = ADDRESS_CODE_LIMIT;
    const address = await takeLimitedUse(tx, `phone-codes address ${addressKey}`, windowMs, max);
    if (!address.taken) return addressLimitHit(address.waitMs);
    await retireOpenCodes(tx, request.mobile, request.purpose, request.userId);
    const id = randomUUID();
    await insertPhoneCode(tx, {
      id,
      mobile: request.mobile,
      purpose: request.purpose,
      userId: request.userId,
      codeHash: codeDigest(codeKey, { id, mobile: request.mobile }, code),
      addressKey,
      expiresAt: sql`now() + make_interval(secs => ${PHONE_CODE_TTL_SECONDS})` as unknown as Date,
    });
    const kind = request.purpose === 'sign-in' ? 'sign-in-code' : 'add-number-code';
    await sms.record(tx, [
      { kind, to: request.mobile, text: phoneCodeText(code, shopName, PHONE_CODE_TTL_SECONDS / 60), secret: true },
    ]);
    return null;
  });
  if (!hit) sms.wake();
  return hit;
}

/**
 * The newest code of the number, if `code` is it. Each check takes one of the code's tries before the
 * code is compared, in one statement that counts only below the limit: parallel guesses cannot all be
 * compared before the count catches up (docs/decisions/023-counts-that-hold-under-bursts.md), so a code
 * is compared at most PHONE_CODE_TRIES times.
 */
async function checkCode(
  deps: PhoneDeps,
  mobile: string,
  code: string,
  purpose: PhoneCodePurpose,
  userId: string | null,
): Promise<PhoneCodeRow> {
  const row = await newestCode(deps.db, mobile, purpose, userId);
  if (!row || row.usedAt) throw BadRequest(NO_CODE);
  if (row.tries >= PHONE_CODE_TRIES) throw BadRequest(TOO_MANY_WRONG);
  if (row.expiresAt.getTime() <= Date.now()) throw BadRequest(CODE_EXPIRED);
  const tries = await takeTry(deps.db, row.id);
  if (tries === null) throw BadRequest(TOO_MANY_WRONG);
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(codeDigest(deps.codeKey, row, code));
  if (expected.length === given.length && timingSafeEqual(expected, given)) return row;
  const left = PHONE_CODE_TRIES - tries;
  throw BadRequest(
    left > 0
      ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
      : 'That code is not right, and that was the last try. Ask for a new code.',
  );
}

/** A right code for a number without an account and no name given: the code stays usable. */
const needsName = () => new HttpError(400, NEEDS_NAME, { needsName: true });

/** Signs in the account of the number, or opens one (with `name`). */
export async function signInWithCode(
  deps: PhoneDeps,
  input: { mobile: string; code: string; name?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const row = await checkCode(deps, input.mobile, input.code, 'sign-in', null);
  const known = await findUserByMobile(deps.db, input.mobile);
  if (known?.isAdmin) throw Forbidden(ADMIN_NO_MOBILE);
  if (!known && !input.name) throw needsName();
  try {
    return await deps.db.transaction(async (tx) => {
      await lockMobile(tx, input.mobile);
      if (!(await useCode(tx, row.id))) throw BadRequest(NO_CODE);
      const account = await findUserByMobile(tx, input.mobile);
      if (account) {
        if (account.isAdmin) throw Forbidden(ADMIN_NO_MOBILE);
        return { user: account, created: false };
      }
      // The account was deleted meanwhile; throwing rolls the use of the code back.
      if (!input.name) throw needsName();
      // A customer, never an admin; the number is also the contact number the checkout fills in.
      const user = await insertUser(tx, {
        ...deriveNames({ name: input.name }),
        email: null,
        passwordHash: null,
        phone: input.mobile,
        mobile: input.mobile,
        isAdmin: false,
      });
      return { user, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(NUMBER_TAKEN);
    throw error;
  }
}

/** Before a code is sent to a number a signed-in customer wants to add. */
export async function checkMayAddMobile(db: Db, userId: string, mobile: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw NotFound(USER_NOT_FOUND);
  // A SIM swap must not open the back office: admins keep e-mail and password.
  if (user.isAdmin) throw Forbidden(ADMIN_NO_MOBILE);
  if (user.mobile === mobile) throw BadRequest(ALREADY_YOURS);
}

/**
 * Makes the confirmed number the account's sign-in number (and its contact number when it had none). A
 * number held by another account is refused: accounts are never merged, their orders have owners.
 */
export async function addMobileWithCode(
  deps: PhoneDeps,
  userId: string,
  input: { mobile: string; code: string },
): Promise<UserRow> {
  await checkMayAddMobile(deps.db, userId, input.mobile);
  const row = await checkCode(deps, input.mobile, input.code, 'add-number', userId);
  try {
    return await deps.db.transaction(async (tx) => {
      await lockMobile(tx, input.mobile);
      const holder = await findUserByMobile(tx, input.mobile);
      if (holder && holder.id !== userId) throw Conflict(NUMBER_TAKEN);
      if (!(await useCode(tx, row.id))) throw BadRequest(NO_CODE);
      const user = await findUserById(tx, userId);
      if (!user) throw NotFound(USER_NOT_FOUND);
      const updated = await updateUser(tx, userId, { mobile: input.mobile, phone: user.phone || input.mobile });
      if (!updated) throw NotFound(USER_NOT_FOUND);
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(NUMBER_TAKEN);
    throw error;
  }
}

/** Only an account that can still sign in another way (e-mail and password) may drop its number. */
export async function removeMobile(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw NotFound(USER_NOT_FOUND);
  if (!user.mobile) return user;
  if (!user.email || !user.passwordHash) throw BadRequest(KEEP_A_WAY_IN);
  const updated = await updateUser(db, userId, { mobile: null });
  if (!updated) throw NotFound(USER_NOT_FOUND);
  return updated;
}
