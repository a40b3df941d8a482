import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payoutRuns, payouts, refunds, shareEntries } from '../../db/schema';
import { NOT_A_ZAMBIAN_MOBILE } from '../../../shared/phone-numbers';
import { WALLET_NOT_HERE } from '../../../shared/schemas/members';
import { insertOrder } from '../orders/test/fixtures';
import { e164Of, freshMobile, memberHelpers, useMemberShop } from './test/member-shop';

const UNSTORABLE = 'text must not contain NUL characters or broken Unicode (an unpaired surrogate)';

/** Members over HTTP (docs/decisions/065-members-and-wallet-changes.md): added, listed, edited, never deleted. */
describe('members', () => {
  const shop = useMemberShop();
  const h = memberHelpers(shop);

  it('adds a member: the number read in any written form, stored +260..., its network the phone rule’s; an audit line', async () => {
    const res = await h.inject('POST', '/api/members', shop.asker, {
      name: '  Mary Mwiinga ',
      role: 'Shea butter maker',
      mobile: ' +260 (97) 710-0001 ',
    });
    expect(res.statusCode).toBe(201);
    const member = res.json();
    expect(member).toMatchObject({
      name: 'Mary Mwiinga',
      role: 'Shea butter maker',
      mobile: '+260977100001',
      network: 'airtel',
      active: true,
      pendingWallet: null,
      balanceNgwee: 0,
    });
    expect(new Date(member.createdAt).getTime()).toBeGreaterThan(0);
    expect((await h.inject('GET', `/api/members/${member._id}`, shop.checker)).json()).toEqual(member);

    const [line] = await h.auditOf(member._id, 'member.created');
    expect(line).toMatchObject({
      actorName: 'Mutale Asker',
      subjectType: 'member',
      summary: 'New member Mary Mwiinga (Shea butter maker): wallet +260 97 ••• 0001 (Airtel)',
      after: { name: 'Mary Mwiinga', mobile: '+260977100001', network: 'airtel', active: true },
    });
  });

  it('takes the network from the number: MTN 096/076, Airtel 097/077/057, Zamtel 095/075', async () => {
    for (const [typed, network] of [
      ['0967100002', 'mtn'],
      ['0767100003', 'mtn'],
      ['0577100004', 'airtel'],
      ['0957100005', 'zamtel'],
      ['260757100006', 'zamtel'],
    ] as const) {
      const member = await h.addMember({ mobile: typed });
      expect(member, typed).toMatchObject({ network, mobile: `+260${typed.slice(-9)}` });
    }
  });

  it('refuses bad numbers, names, roles and flags with 400 and a message naming the problem', async () => {
    const good = { name: 'Bupe Phiri', mobile: freshMobile() };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, mobile: '0917100007' }, NOT_A_ZAMBIAN_MOBILE], // no network has 91
      [{ ...good, mobile: '097710000' }, NOT_A_ZAMBIAN_MOBILE],
      [{ ...good, mobile: '+44 7700 900123' }, NOT_A_ZAMBIAN_MOBILE],
      [{ ...good, mobile: '0977 100 0O8' }, NOT_A_ZAMBIAN_MOBILE],
      [{ ...good, mobile: '9'.repeat(5000) }, NOT_A_ZAMBIAN_MOBILE],
      [{ ...good, mobile: 977100009 }, NOT_A_ZAMBIAN_MOBILE],
      [{ name: 'Bupe Phiri' }, NOT_A_ZAMBIAN_MOBILE],
      [{ ...good, mobile: '0977\u0000100010' }, `mobile: ${UNSTORABLE}`],
      [{ ...good, name: 'Bu\u0000pe' }, `name: ${UNSTORABLE}`],
      [{ ...good, name: '   ' }, 'name is required'],
      [{ ...good, name: '🌳' }, 'name needs letters: an emoji or a symbol alone is not a name'],
      [{ ...good, name: 'x'.repeat(81) }, 'name is too long (at most 80 characters)'],
      [{ ...good, name: 'x'.repeat(900_000) }, 'name is too long (at most 80 characters)'],
      [{ ...good, role: 'r'.repeat(81) }, 'role is too long (at most 80 characters)'],
      [{ ...good, active: 'yes' }, 'active must be true or false'],
    ];
    for (const [body, message] of cases) {
      const res = await h.inject('POST', '/api/members', shop.asker, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    const list = (await h.inject('GET', '/api/members', shop.asker)).json();
    expect(list.members.some((m: { name: string }) => m.name === 'Bupe Phiri')).toBe(false);
  });

  it('keeps 80 characters of name and role, and an empty role', async () => {
    const member = await h.addMember({ name: 'N'.repeat(80), role: 'R'.repeat(80) });
    expect(member.name).toHaveLength(80);
    expect((await h.addMember({ role: '' })).role).toBe('');
  });

  it('refuses a wallet number another member has, in any written form (409 naming her)', async () => {
    const mobile = freshMobile('mtn');
    await h.addMember({ name: 'Chipo Banda', mobile });
    const again = await h.inject('POST', '/api/members', shop.checker, {
      name: 'Someone Else',
      mobile: `+260 ${mobile.slice(1, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `+260 ${mobile.slice(1, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)} is already Chipo Banda's wallet number: two members cannot share one.`,
    );
  });

  it('answers 404 for an unknown member and for anything that is not an id', async () => {
    for (const id of [randomUUID(), 'not-an-id', '1', 'x'.repeat(150)]) {
      for (const [method, url, body] of [
        ['GET', `/api/members/${id}`, undefined],
        ['PATCH', `/api/members/${id}`, { role: 'Dyer' }],
        ['POST', `/api/members/${id}/wallet`, { mobile: freshMobile() }],
        ['PUT', `/api/members/${id}/wallet/approve`, undefined],
        ['DELETE', `/api/members/${id}/wallet`, undefined],
      ] as const) {
        const res = await h.inject(method, url, shop.checker, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json(), `${method} ${url}`).toEqual({ message: 'Member not found' });
      }
    }
  });

  it('edits name, role and active with an audit line of what changed; a wallet number is refused there', async () => {
    const member = await h.addMember({ name: 'Ruth Tembo', role: 'Weaver' });
    const edited = await h.inject('PATCH', `/api/members/${member._id}`, shop.checker, {
      name: 'Ruth Tembo-Zulu',
      role: 'Dyer',
      active: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Ruth Tembo-Zulu',
      role: 'Dyer',
      active: false,
      mobile: member.mobile,
    });
    const [line] = await h.auditOf(member._id, 'member.updated');
    expect(line).toMatchObject({
      actorName: 'Chanda Checker',
      summary: 'Ruth Tembo-Zulu: name was Ruth Tembo, role Weaver → Dyer, made inactive',
      before: { name: 'Ruth Tembo', role: 'Weaver', active: true },
      after: { name: 'Ruth Tembo-Zulu', role: 'Dyer', active: false },
    });

    // Nothing changed: no line. An empty body is no change either.
    expect((await h.inject('PATCH', `/api/members/${member._id}`, shop.checker, { role: 'Dyer' })).statusCode).toBe(
      200,
    );
    expect((await h.inject('PATCH', `/api/members/${member._id}`, shop.checker, {})).statusCode).toBe(200);
    expect(await h.auditOf(member._id, 'member.updated')).toHaveLength(1);

    for (const body of [{ mobile: freshMobile() }, { name: 'Ruth', network: 'mtn' }, { mobile: null }]) {
      const refused = await h.inject('PATCH', `/api/members/${member._id}`, shop.checker, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(WALLET_NOT_HERE);
    }
    for (const [body, message] of [
      [{ name: '' }, 'name is required'],
      [{ role: 'x'.repeat(81) }, 'role is too long (at most 80 characters)'],
      [{ active: 'no' }, 'active must be true or false'],
      [{ role: 'a\u0000' }, `role: ${UNSTORABLE}`],
    ] as const) {
      const res = await h.inject('PATCH', `/api/members/${member._id}`, shop.checker, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await h.inject('GET', `/api/members/${member._id}`, shop.checker)).json()).toMatchObject({
      name: 'Ruth Tembo-Zulu',
      mobile: member.mobile,
    });
  });

  it('lists in name order with what each is owed (one grouped read), active, inactive or all; an inactive member keeps her money', async () => {
    const zola = await h.addMember({ name: 'zola Owed Mwale' });
    const abi = await h.addMember({ name: 'Abi Owed Lungu' });
    const kay = await h.addMember({ name: 'Kay Owed Daka' });
    const order = await insertOrder(shop.t, { user: null, total: 200, isPaid: true, status: 'Delivered' });
    const [run] = await shop.t.app.db
      .insert(payoutRuns)
      .values({ period: '2026-11', trigger: 'admin', state: 'approved' })
      .returning();
    const [paid] = await shop.t.app.db
      .insert(payouts)
      .values({
        runId: run.id,
        memberId: zola._id,
        mobile: zola.mobile,
        network: zola.network,
        route: 'by-hand',
        reference: randomUUID(),
        amountNgwee: 3_000,
        currency: 'ZMW',
        state: 'successful',
      })
      .returning();
    const entry = (key: string, memberId: string | null, amountNgwee: number, payoutId: string | null = null) => ({
      key,
      orderId: order.id,
      memberId,
      kind: 'sale',
      amountNgwee,
      payoutId,
    });
    await shop.t.app.db
      .insert(shareEntries)
      .values([
        entry(`sale:a:${zola._id}`, zola._id, 5_000),
        entry(`sale:b:${zola._id}`, zola._id, 2_500),
        entry(`sale:c:${zola._id}`, zola._id, 3_000, paid.id),
        entry(`sale:a:${abi._id}`, abi._id, 1_001),
        entry('sale:a:fund', null, 9_999),
      ]);
    await h.inject('PATCH', `/api/members/${zola._id}`, shop.checker, { active: false });

    const all = (await h.inject('GET', '/api/members', shop.checker)).json().members as Array<Record<string, unknown>>;
    const names = all.map((m) => m.name as string);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const owed = (list: Array<Record<string, unknown>>) =>
      Object.fromEntries(list.filter((m) => String(m.name).includes('Owed')).map((m) => [m.name, m.balanceNgwee]));
    expect(owed(all)).toEqual({ 'Abi Owed Lungu': 1_001, 'Kay Owed Daka': 0, 'zola Owed Mwale': 7_500 });
    expect(names.indexOf('Abi Owed Lungu')).toBeLessThan(names.indexOf('Kay Owed Daka'));
    expect(names.indexOf('Kay Owed Daka')).toBeLessThan(names.indexOf('zola Owed Mwale'));

    const active = (await h.inject('GET', '/api/members?active=true', shop.checker)).json().members;
    const inactive = (await h.inject('GET', '/api/members?active=false', shop.checker)).json().members;
    expect(owed(active)).toEqual({ 'Abi Owed Lungu': 1_001, 'Kay Owed Daka': 0 });
    expect(owed(inactive)).toEqual({ 'zola Owed Mwale': 7_500 });
    expect(active.every((m: { active: boolean }) => m.active)).toBe(true);
    expect(inactive.every((m: { active: boolean }) => !m.active)).toBe(true);
    expect((await h.inject('GET', `/api/members/${zola._id}`, shop.checker)).json()).toMatchObject({
      active: false,
      balanceNgwee: 7_500,
    });
    expect((await h.inject('GET', `/api/members/${kay._id}`, shop.checker)).json().balanceNgwee).toBe(0);

    for (const query of ['active=yes', 'active=1', 'active=true&active=false']) {
      const res = await h.inject('GET', `/api/members?${query}`, shop.checker);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/^active must be true or false/);
    }
    expect((await h.inject('GET', '/api/members?active=', shop.checker)).json().members.length).toBe(all.length);
  });

  it("answers her ledger lines newest first, a page at a time: sales' shares and refunds' debits below 0", async () => {
    const member = await h.addMember({ name: 'Loveness Ledger' });
    const other = await h.addMember({ name: 'Other Ledger' });
    const order = await insertOrder(shop.t, { user: null, total: 200, isPaid: true, status: 'Delivered' });
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 3, 9, minute));
    await shop.t.app.db.insert(shareEntries).values([
      {
        key: `sale:l1:${member._id}`,
        orderId: order.id,
        memberId: member._id,
        kind: 'sale',
        productName: 'Shea butter',
        quantity: 3,
        amountNgwee: 12_000,
        createdAt: at(0),
      },
      {
        key: `sale:l2:${member._id}`,
        orderId: order.id,
        memberId: member._id,
        kind: 'sale',
        productName: 'Gift set',
        quantity: 1,
        amountNgwee: 4_550,
        createdAt: at(1),
      },
      {
        key: `sale:l1:${other._id}`,
        orderId: order.id,
        memberId: other._id,
        kind: 'sale',
        productName: 'Shea butter',
        quantity: 3,
        amountNgwee: 5_000,
        createdAt: at(1),
      },
      {
        key: 'sale:l1:fund',
        orderId: order.id,
        memberId: null,
        kind: 'sale',
        productName: 'Shea butter',
        quantity: 3,
        amountNgwee: 3_000,
        createdAt: at(1),
      },
    ]);
    const [refund] = await shop.t.app.db
      .insert(refunds)
      .values({
        orderId: order.id,
        route: 'by-hand',
        reference: randomUUID(),
        amountNgwee: 1_000,
        currency: 'ZMW',
        reason: 'Broken jar',
        state: 'successful',
        requestedByName: 'Test',
      })
      .returning();
    await shop.t.app.db.insert(shareEntries).values({
      key: `refund:r1:l1:${member._id}`,
      orderId: order.id,
      memberId: member._id,
      kind: 'refund',
      refundId: refund.id,
      productName: 'Shea butter',
      amountNgwee: -2_000,
      createdAt: at(2),
    });

    const res = await h.inject('GET', `/api/members/${member._id}/shares`, shop.checker);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pages: 1, total: 3 });
    expect(body.lines.map((l: Record<string, unknown>) => [l.kind, l.product, l.quantity, l.amountNgwee])).toEqual([
      ['refund', 'Shea butter', 0, -2_000],
      ['sale', 'Gift set', 1, 4_550],
      ['sale', 'Shea butter', 3, 12_000],
    ]);
    expect(body.lines[0]).toMatchObject({ orderId: order.id, payoutId: null, at: at(2).toISOString() });

    const second = (await h.inject('GET', `/api/members/${member._id}/shares?page=2&limit=2`, shop.checker)).json();
    expect(second).toMatchObject({ page: 2, pages: 2, total: 3 });
    expect(second.lines.map((l: { amountNgwee: number }) => l.amountNgwee)).toEqual([12_000]);

    for (const url of [`/api/members/${randomUUID()}/shares`, '/api/members/not-an-id/shares']) {
      const missing = await h.inject('GET', url, shop.checker);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().message).toBe('Member not found');
    }
    const bad = await h.inject('GET', `/api/members/${member._id}/shares?limit=101`, shop.checker);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('limit must be a whole number from 1 to 100');
  });

  it('is for admins only: a customer gets 403, a visitor 401', async () => {
    const member = await h.addMember();
    for (const [method, url] of [
      ['GET', '/api/members'],
      ['GET', `/api/members/${member._id}`],
      ['GET', `/api/members/${member._id}/shares`],
      ['PATCH', `/api/members/${member._id}`],
      ['POST', `/api/members/${member._id}/wallet`],
    ] as const) {
      expect((await h.inject(method, url, shop.customer, {})).statusCode, url).toBe(403);
      expect((await h.inject(method, url, null, {})).statusCode, url).toBe(401);
    }
  });
});
