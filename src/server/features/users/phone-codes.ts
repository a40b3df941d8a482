import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { phoneCodes, users } from '../../db/schema';
import { PHONE_CODE_TRIES } from '../../../shared/schemas/phone-sign-in';

/** SQL of the one-time codes sent by text message (phone-sign-in.ts holds the rules). */

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;
export type PhoneCodePurpose = 'sign-in' | 'add-number';

/**
 * Serialises everything about one number (asking for codes, using them, attaching the number) until the
 * transaction ends, so two requests at once cannot both slip under a limit or both claim the number.
 */
export async function lockMobile(tx: Tx, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coop-shop:mobile:${mobile}`}))`);
}

/** The database's clock, the one created_at is written with (the instances' own clocks may differ). */
export async function databaseNow(tx: Tx): Promise<Date> {
  const [row] = rowsOf<{ now: string | Date }>(await tx.execute(sql`select now() as now`));
  return new Date(row.now);
}

/** When the codes sent to a number in the last `windowMs` were made, newest first. */
export async function codeTimesForMobile(tx: Tx, mobile: string, windowMs: number): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.mobile, mobile), gt(phoneCodes.createdAt, since(windowMs))))
    .orderBy(desc(phoneCodes.createdAt));
  return rows.map((r) => r.createdAt);
}

/** The same for one number asked from one address. */
export async function codeTimesForMobileAndAddress(
  tx: Tx,
  mobile: string,
  addressKey: string,
  windowMs: number,
): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.mobile, mobile),
        eq(phoneCodes.addressKey, addressKey),
        gt(phoneCodes.createdAt, since(windowMs)),
      ),
    )
    .orderBy(desc(phoneCodes.createdAt));
  return rows.map((r) => r.createdAt);
}

/** Ends the unused codes of this number and purpose (and account): only the newest code works. */
export async function retireOpenCodes(
  tx: Tx,
  mobile: string,
  purpose: PhoneCodePurpose,
  userId: string | null,
): Promise<void> {
  await tx
    .update(phoneCodes)
    .set({ expiresAt: sql`least(${phoneCodes.expiresAt}, now())` })
    .where(
      and(eq(phoneCodes.mobile, mobile), eq(phoneCodes.purpose, purpose), ownedBy(userId), isNull(phoneCodes.usedAt)),
    );
}

export async function insertPhoneCode(tx: Tx, values: typeof phoneCodes.$inferInsert): Promise<void> {
  await tx.insert(phoneCodes).values(values);
}

/** The newest code of this number and purpose (for 'add-number': the one this account asked for). */
export async function newestCode(
  db: Db | Tx,
  mobile: string,
  purpose: PhoneCodePurpose,
  userId: string | null,
): Promise<PhoneCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.mobile, mobile), eq(phoneCodes.purpose, purpose), ownedBy(userId)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Takes one try of an unused, unexpired code before it is compared, checked and counted in one statement;
 * answers the tries taken so far (this one included), or null when the code can take no more.
 */
export async function takeTry(db: Db | Tx, id: string): Promise<number | null> {
  const [row] = await db
    .update(phoneCodes)
    .set({ tries: sql`${phoneCodes.tries} + 1` })
    .where(
      and(
        eq(phoneCodes.id, id),
        lt(phoneCodes.tries, PHONE_CODE_TRIES),
        isNull(phoneCodes.usedAt),
        gt(phoneCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ tries: phoneCodes.tries });
  return row?.tries ?? null;
}

/**
 * Uses the code up, only if it is still unused and unexpired: of two requests with one code, exactly one
 * gets true. Its check took a try (takeTry), so the last allowed try leaves tries at the limit.
 */
export async function useCode(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(phoneCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(phoneCodes.id, id),
        isNull(phoneCodes.usedAt),
        lte(phoneCodes.tries, PHONE_CODE_TRIES),
        gt(phoneCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: phoneCodes.id });
  return rows.length === 1;
}

export async function findUserByMobile(db: Db | Tx, mobile: string) {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

const since = (windowMs: number) => sql`now() - make_interval(secs => ${windowMs / 1000})`;
const ownedBy = (userId: string | null) => (userId ? eq(phoneCodes.userId, userId) : isNull(phoneCodes.userId));
