import { and, eq } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppConfig } from '../../../config';
import { auditEvents, smsMessages } from '../../../db/schema';
import { createTestApp, createUser, type TestApp, injectAs } from '../../../test/test-app';

/** A shop with three admins (one asks, two may approve) and a customer, for the members tests over HTTP. */
export interface MemberShop {
  t: TestApp;
  asker: Awaited<ReturnType<typeof createUser>>;
  checker: Awaited<ReturnType<typeof createUser>>;
  otherChecker: Awaited<ReturnType<typeof createUser>>;
  customer: Awaited<ReturnType<typeof createUser>>;
}

export function useMemberShop(
  overrides: Partial<AppConfig> = {},
  options: { logStream?: DestinationStream } = {},
): MemberShop {
  const shop = {} as MemberShop;
  beforeAll(async () => {
    shop.t = await createTestApp(overrides, options);
    [shop.asker, shop.checker, shop.otherChecker, shop.customer] = await Promise.all([
      createUser(shop.t, { isAdmin: true, name: 'Mutale Asker' }),
      createUser(shop.t, { isAdmin: true, name: 'Chanda Checker' }),
      createUser(shop.t, { isAdmin: true, name: 'Bwalya Checker' }),
      createUser(shop.t, { name: 'Natasha Customer' }),
    ]);
  }, 60_000);
  afterAll(() => shop.t?.close());
  return shop;
}

let sequence = 0;
/** A wallet number no other test of the file uses: 09<network digit>7 and six digits. */
export function freshMobile(network: 'mtn' | 'airtel' | 'zamtel' = 'airtel'): string {
  sequence += 1;
  const prefix = { mtn: '096', airtel: '097', zamtel: '095' }[network];
  return `${prefix}7${String(sequence).padStart(6, '0')}`;
}
export const e164Of = (local: string) => `+260${local.slice(1)}`;

type Who = { auth: Record<string, string> } | null;

export function memberHelpers(shop: MemberShop) {
  const inject = injectAs(() => shop.t);
  return {
    inject,
    /** A member added by the asking admin; answers her JSON. */
    async addMember(fields: { name?: string; role?: string; mobile?: string; active?: boolean } = {}) {
      const res = await inject('POST', '/api/members', shop.asker, {
        name: 'Mary Mwiinga',
        mobile: freshMobile(),
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    ask: (who: Who, memberId: string, mobile: string) =>
      inject('POST', `/api/members/${memberId}/wallet`, who, { mobile }),
    approve: (who: Who, memberId: string) => inject('PUT', `/api/members/${memberId}/wallet/approve`, who),
    cancel: (who: Who, memberId: string) => inject('DELETE', `/api/members/${memberId}/wallet`, who),
    async textsTo(e164: string) {
      return shop.t.app.db.select().from(smsMessages).where(eq(smsMessages.toNumber, e164));
    },
    async auditOf(subjectId: string, action?: string) {
      return shop.t.app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, subjectId), action ? eq(auditEvents.action, action) : undefined))
        .orderBy(auditEvents.at);
    },
  };
}
