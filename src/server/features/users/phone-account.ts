import type { Db } from '../../db/client';
import { Forbidden, isUniqueViolation } from '../../lib/http-errors';
import { findUserByMobile, lockMobile } from './phone-codes';
import { ADMIN_NO_MOBILE } from './phone-sign-in';
import { insertUser, type UserRow } from './queries';
import { deriveNames } from './service';

/**
 * The account of a number a channel already proved (a USSD caller's number comes from the operator), or
 * a new one opened as phone sign-in opens it: a customer with the number as sign-in and contact number.
 */
export async function findPhoneAccount(db: Db, mobile: string): Promise<UserRow | undefined> {
  return findUserByMobile(db, mobile);
}

export async function openPhoneAccount(db: Db, mobile: string, name: string): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      await lockMobile(tx, mobile);
      const known = await findUserByMobile(tx, mobile);
      if (known) {
        if (known.isAdmin) throw Forbidden(ADMIN_NO_MOBILE);
        return known;
      }
      return insertUser(tx, {
        ...deriveNames({ name }),
        email: null,
        passwordHash: null,
        phone: mobile,
        mobile,
        isAdmin: false,
      });
    });
  } catch (error) {
    // Two sessions of one number at once: the other one opened it.
    if (!isUniqueViolation(error)) throw error;
    const opened = await findUserByMobile(db, mobile);
    if (!opened) throw error;
    return opened;
  }
}
