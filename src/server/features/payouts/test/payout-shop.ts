import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../../config';
import { auditEvents, smsMessages } from '../../../db/schema';
import { createTestApp, createUser, type TestApp, injectAs } from '../../../test/test-app';
import type { MemberRow } from './owed-shares';

/** A shop with three admins (a maker and two checkers) and a customer, for the payout tests over HTTP. */
export interface PayoutShop {
  t: TestApp;
  maker: Awaited<ReturnType<typeof createUser>>;
  checker: Awaited<ReturnType<typeof createUser>>;
  otherChecker: Awaited<ReturnType<typeof createUser>>;
  customer: Awaited<ReturnType<typeof createUser>>;
}

/** `config` is read in beforeAll (a simulator's address is known only then). */
export function usePayoutShop(config: () => Partial<AppConfig> = () => ({})): PayoutShop {
  const shop = {} as PayoutShop;
  beforeAll(async () => {
    shop.t = await createTestApp(config());
    shop.maker = await createUser(shop.t, { isAdmin: true, name: 'Mutale Maker' });
    shop.checker = await createUser(shop.t, { isAdmin: true, name: 'Chanda Checker' });
    shop.otherChecker = await createUser(shop.t, { isAdmin: true, name: 'Bwalya Checker' });
    shop.customer = await createUser(shop.t, { name: 'Natasha Customer' });
  }, 60_000);
  afterAll(() => shop.t?.close());
  return shop;
}

type Who = { auth: Record<string, string> } | null;

export function payoutHelpers(shop: PayoutShop) {
  const inject = injectAs(() => shop.t);
  return {
    inject,
    propose: (who: Who = shop.maker, body: Record<string, unknown> = {}) =>
      inject('POST', '/api/payouts/runs', who, body),
    approve: (who: Who, runId: string) => inject('PUT', `/api/payouts/runs/${runId}/approve`, who),
    cancel: (who: Who, runId: string, note = 'Wrong month') =>
      inject('PUT', `/api/payouts/runs/${runId}/cancel`, who, { note }),
    run: (runId: string, who: Who = shop.maker) => inject('GET', `/api/payouts/runs/${runId}`, who),
    sentByHand: (who: Who, payoutId: string, note = 'Sent from the co-op phone, MTN id 1234567') =>
      inject('PUT', `/api/payouts/${payoutId}/sent-by-hand`, who, { note }),
    resolve: (who: Who, payoutId: string, note = 'Her number was wrong; fixed for next month') =>
      inject('PUT', `/api/payouts/${payoutId}/resolve`, who, { note }),
    /** A run proposed by the maker and approved by a checker: its id. */
    async approvedRun(): Promise<string> {
      const proposed = await inject('POST', '/api/payouts/runs', shop.maker, {});
      if (proposed.statusCode !== 201) throw new Error(`propose answered ${proposed.statusCode}: ${proposed.body}`);
      const runId = proposed.json()._id as string;
      const approved = await inject('PUT', `/api/payouts/runs/${runId}/approve`, shop.checker);
      if (approved.statusCode !== 200) throw new Error(`approve answered ${approved.statusCode}: ${approved.body}`);
      return runId;
    },
    /** The texts the shop recorded for a member's wallet after her payouts. */
    textsTo: (member: MemberRow) =>
      shop.t.app.db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.toNumber, member.mobile), eq(smsMessages.kind, 'member-payout'))),
    auditOf: (subjectId: string) =>
      shop.t.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, subjectId)),
  };
}
