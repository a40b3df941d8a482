import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, smsMessages } from '../../db/schema';
import { NOT_A_ZAMBIAN_MOBILE } from '../../../shared/phone-numbers';
import { fitsOneSms } from '../../../shared/sms-text';
import { e164Of, freshMobile, memberHelpers, useMemberShop } from './test/member-shop';

/** A wallet number changes with two admins, and the old number hears of it (docs/decisions/065-members-and-wallet-changes.md). */
describe('wallet changes', () => {
  // The server's own log, as in production: admins see whole numbers, the log never does.
  const logLines: string[] = [];
  const shop = useMemberShop(
    { logLevel: 'info' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  const h = memberHelpers(shop);

  beforeAll(async () => {
    const saved = await h.inject('PUT', '/api/settings', shop.asker, {
      shopName: 'Kasisi co-op',
      phone: '0211 123 456',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('asked by one admin, refused to her, approved by another: the old number is texted both times, each in one SMS', async () => {
    const member = await h.addMember({ name: 'Mary Mwiinga', mobile: '0977104567' });
    const asked = await h.ask(shop.asker, member._id, '096 710 4567');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      mobile: '+260977104567',
      network: 'airtel',
      pendingWallet: {
        mobile: '+260967104567',
        network: 'mtn',
        requestedBy: { _id: shop.asker.user.id, name: 'Mutale Asker' },
      },
    });
    expect(new Date(asked.json().pendingWallet.requestedAt).getTime()).toBeGreaterThan(0);

    const [askText] = await h.textsTo('+260977104567');
    expect(askText).toMatchObject({ kind: 'member-wallet-change-asked', orderId: null, secret: false });
    expect(askText.body).toBe(
      'Kasisi co-op: a change of your payout number to 096 *** 4567 was asked. If this was not you, call us on 0211 123 456.',
    );
    expect(fitsOneSms(askText.body)).toBe(true);
    expect(await h.textsTo('+260967104567')).toEqual([]);

    const own = await h.approve(shop.asker, member._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Another admin must approve this change');

    const approved = await h.approve(shop.checker, member._id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ mobile: '+260967104567', network: 'mtn', pendingWallet: null });
    const texts = await h.textsTo('+260977104567');
    expect(texts.map((t) => t.kind).sort()).toEqual(['member-wallet-change-asked', 'member-wallet-changed']);
    const changed = texts.find((t) => t.kind === 'member-wallet-changed')!;
    expect(changed.body).toBe(
      'Kasisi co-op: your payout number is now 096 *** 4567; payouts go there from today. If this was not you, call us on 0211 123 456.',
    );
    expect(fitsOneSms(changed.body)).toBe(true);

    const lines = await h.auditOf(member._id);
    expect(lines.map((l) => [l.action, l.actorName, l.summary])).toEqual([
      ['member.created', 'Mutale Asker', 'New member Mary Mwiinga: wallet +260 97 ••• 4567 (Airtel)'],
      ['member.wallet-change-asked', 'Mutale Asker', 'Mary Mwiinga: wallet change to +260 96 ••• 4567 asked'],
      [
        'member.wallet-changed',
        'Chanda Checker',
        'Mary Mwiinga: wallet changed to +260 96 ••• 4567 (MTN), asked by Mutale Asker',
      ],
    ]);
    expect(lines[2]).toMatchObject({
      before: { mobile: '+260977104567', network: 'airtel' },
      after: { mobile: '+260967104567', network: 'mtn', askedBy: 'Mutale Asker' },
    });

    const trail = await h.inject('GET', `/api/audit?subjectType=member&subjectId=${member._id}`, shop.otherChecker);
    expect(trail.json().events.map((e: { action: string }) => e.action)).toEqual([
      'member.wallet-changed',
      'member.wallet-change-asked',
      'member.created',
    ]);

    const again = await h.approve(shop.otherChecker, member._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There is no wallet change waiting for approval.');
  });

  it('one change waits at a time; the same number is a 400; a bad number is the phone rule’s 400', async () => {
    const member = await h.addMember();
    const same = await h.ask(shop.asker, member._id, member.mobile);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/^\+260 97 7\d\d \d{4} is already Mary Mwiinga's wallet number\.$/);

    for (const [mobile, message] of [
      ['0917100000', NOT_A_ZAMBIAN_MOBILE],
      ['12', NOT_A_ZAMBIAN_MOBILE],
      ['9'.repeat(100_000), NOT_A_ZAMBIAN_MOBILE],
      [12, NOT_A_ZAMBIAN_MOBILE],
      ['097\u00007100000', 'mobile: text must not contain NUL characters or broken Unicode (an unpaired surrogate)'],
    ] as const) {
      const res = await h.ask(shop.asker, member._id, mobile as string);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }

    const next = freshMobile('zamtel');
    expect((await h.ask(shop.asker, member._id, next)).statusCode).toBe(200);
    const second = await h.ask(shop.checker, member._id, freshMobile());
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      `A change to +260 ${next.slice(1, 3)} ${next.slice(3, 6)} ${next.slice(6)} is already waiting for approval: approve or cancel it first.`,
    );
    expect((await h.textsTo(member.mobile)).length).toBe(1);
  });

  it('two members may not share a wallet, nor one wait for another’s number (409 naming her)', async () => {
    const chipo = await h.addMember({ name: 'Chipo Banda' });
    const ruth = await h.addMember({ name: 'Ruth Tembo' });
    const taken = await h.ask(shop.asker, ruth._id, chipo.mobile);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/ is already Chipo Banda's wallet number: two members cannot share one\.$/);

    const wanted = freshMobile('mtn');
    expect((await h.ask(shop.asker, chipo._id, wanted)).statusCode).toBe(200);
    const waiting = await h.ask(shop.asker, ruth._id, wanted);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toMatch(
      / is waiting to become Chipo Banda's wallet number: two members cannot share one\.$/,
    );
    const added = await h.inject('POST', '/api/members', shop.asker, { name: 'New One', mobile: wanted });
    expect(added.statusCode).toBe(409);

    // A member who got the number some other way meanwhile (a row written straight to the database): approval is a 409.
    await shop.t.app.db.insert(members).values({ name: 'Direct Row', mobile: e164Of(wanted), network: 'mtn' });
    const approve = await h.approve(shop.checker, chipo._id);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toMatch(/ is already Direct Row's wallet number: two members cannot share one\.$/);
    expect((await h.inject('GET', `/api/members/${chipo._id}`, shop.checker)).json()).toMatchObject({
      mobile: chipo.mobile,
      pendingWallet: { mobile: e164Of(wanted) },
    });
  });

  it('any admin cancels a waiting change (even the asker); nothing waiting is a 409; no text', async () => {
    const member = await h.addMember({ name: 'Bupe Phiri' });
    const next = freshMobile();
    expect((await h.ask(shop.asker, member._id, next)).statusCode).toBe(200);
    const cancelled = await h.cancel(shop.asker, member._id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ mobile: member.mobile, pendingWallet: null });
    const none = await h.cancel(shop.checker, member._id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('There is no wallet change waiting to cancel.');
    const approve = await h.approve(shop.checker, member._id);
    expect(approve.statusCode).toBe(409);
    expect((await h.textsTo(member.mobile)).map((t) => t.kind)).toEqual(['member-wallet-change-asked']);
    const [line] = await h.auditOf(member._id, 'member.wallet-change-cancelled');
    expect(line.summary).toBe(`Bupe Phiri: wallet change to +260 97 ••• ${next.slice(-4)} cancelled`);

    // Asked again after a cancel, by the other admin: the first asker may now approve.
    expect((await h.ask(shop.checker, member._id, next)).statusCode).toBe(200);
    expect((await h.approve(shop.asker, member._id)).json()).toMatchObject({
      mobile: e164Of(next),
      pendingWallet: null,
    });
  });

  it('two admins approving at once: one 200, one 409, one change, one audit line and one text', async () => {
    for (let round = 0; round < 5; round++) {
      const member = await h.addMember();
      const next = freshMobile('mtn');
      expect((await h.ask(shop.asker, member._id, next)).statusCode).toBe(200);
      const answers = await Promise.all([
        h.approve(shop.checker, member._id),
        h.approve(shop.otherChecker, member._id),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const [row] = await shop.t.app.db.select().from(members).where(eq(members.id, member._id));
      expect(row).toMatchObject({ mobile: e164Of(next), network: 'mtn', pendingMobile: null });
      expect(await h.auditOf(member._id, 'member.wallet-changed')).toHaveLength(1);
      const texts = await shop.t.app.db.select().from(smsMessages).where(eq(smsMessages.toNumber, member.mobile));
      expect(texts.map((t) => t.kind).sort()).toEqual(['member-wallet-change-asked', 'member-wallet-changed']);
    }
  });

  it('an approval and a cancel at once: exactly one wins; two asks at once: one waits, the other is a 409', async () => {
    const member = await h.addMember();
    expect((await h.ask(shop.asker, member._id, freshMobile())).statusCode).toBe(200);
    const [approved, cancelled] = await Promise.all([
      h.approve(shop.checker, member._id),
      h.cancel(shop.otherChecker, member._id),
    ]);
    expect([approved.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);

    const other = await h.addMember();
    const asks = await Promise.all([
      h.ask(shop.asker, other._id, freshMobile()),
      h.ask(shop.checker, other._id, freshMobile()),
    ]);
    expect(asks.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await h.textsTo(other.mobile)).toHaveLength(1);
  });

  it('a long shop name still gives one SMS (the name left out), and no contact phone says "call us"', async () => {
    await h.inject('PUT', '/api/settings', shop.asker, { shopName: 'K'.repeat(120), phone: '' });
    const member = await h.addMember();
    expect((await h.ask(shop.asker, member._id, '0957123456')).statusCode).toBe(200);
    const [text] = await h.textsTo(member.mobile);
    expect(text.body).toBe('A change of your payout number to 095 *** 3456 was asked. If this was not you, call us.');
    expect(fitsOneSms(text.body)).toBe(true);
    await h.inject('PUT', '/api/settings', shop.asker, { shopName: 'Kasisi co-op', phone: '0211 123 456' });
  });

  it("never writes a member's number to the server's log, whole or national (this file's every request)", async () => {
    await shop.t.app.sms.idle();
    const numbers = [
      ...(await shop.t.app.db.select().from(members)).flatMap((r) => [r.mobile, r.pendingMobile ?? r.mobile]),
      ...(await shop.t.app.db.select({ n: smsMessages.toNumber }).from(smsMessages)).map((r) => r.n),
    ];
    expect(numbers.length).toBeGreaterThan(20);
    const log = logLines.join('');
    expect(log).toContain('/wallet/approve');
    // A number as it stands alone, whole, local or national: the digits inside a response time
    // (1.977000006 ms) or a request id are not a member's number.
    const writtenIn = (text: string, n: string) =>
      [n, `0${n.slice(4)}`, n.slice(4)].some((form) =>
        new RegExp(`(?<![\\w.])${form.replace('+', '\\+')}(?!\\w)`).test(text),
      );
    expect(writtenIn('"to":"0977104567"', '+260977104567')).toBe(true);
    expect(writtenIn('"responseTime":1.977104567', '+260977104567')).toBe(false);
    expect(writtenIn('"reqId":"719da5a7-13bc-4977-a977104567b"', '+260977104567')).toBe(false);
    expect(numbers.filter((n) => writtenIn(log, n))).toEqual([]);
  });
});
