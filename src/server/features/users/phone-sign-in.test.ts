import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCodes, smsMessages, users } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { readSmsOutbox } from '../sms/test/sms-outbox-files';
import { phoneCodeText } from './phone-code-text';
import { addressKeyOf, phoneDeps } from './phone-sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let numbers = 0;
/** A fresh Airtel number per test: the journeys share one database. */
function freshNumber() {
  numbers += 1;
  const national = `97${String(1_000_000 + numbers).slice(1)}0`.slice(0, 9);
  return { typed: `0${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`, e164: `+260${national}` };
}

const post = (url: string, payload: object, options: { address?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: options.headers,
    remoteAddress: options.address ?? '10.1.1.1',
  });
const askCode = (phone: string, address?: string) => post('/api/users/phone/code', { phone }, { address });
const verify = (body: { phone: string; code: string; name?: string }, address?: string) =>
  post('/api/users/phone/verify', body, { address });

/** The code in the newest text to the number (written to DATA_DIR/sms-outbox in tests). */
async function codeSentTo(e164: string): Promise<string> {
  await t.app.sms.idle();
  const texts = (await readSmsOutbox(t.dataDir)).filter((m) => m.to === e164);
  const code = /^(\d{6}) /.exec(texts.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${e164}`);
  return code;
}

/** Moves the number's codes back in time, as if `seconds` had passed. */
async function age(e164: string, seconds: number) {
  await t.app.db
    .update(phoneCodes)
    .set({ createdAt: sql`${phoneCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(phoneCodes.mobile, e164));
}

async function newAccount(name = 'Chanda Mwale') {
  const phone = freshNumber();
  expect((await askCode(phone.typed)).statusCode).toBe(200);
  const res = await verify({ phone: phone.typed, code: await codeSentTo(phone.e164), name });
  expect(res.statusCode, res.body).toBe(201);
  return { phone, session: res.json(), auth: { authorization: `Bearer ${res.json().token}` } };
}

describe('POST /api/users/phone/code', () => {
  it('texts a 6-digit code to the number in its one written form', async () => {
    const phone = freshNumber();
    const res = await askCode(phone.typed);
    expect(res.statusCode).toBe(200);
    const national = phone.e164.slice(4);
    expect(res.json()).toEqual({
      message: `We sent a code to +260 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}.`,
      phone: phone.e164,
      resendAfterSeconds: 60,
      expiresInSeconds: 300,
    });
    await t.app.sms.idle();
    const [text] = (await readSmsOutbox(t.dataDir)).filter((m) => m.to === phone.e164);
    expect(text.kind).toBe('sign-in-code');
    expect(text.text).toMatch(
      /^\d{6} is your Forest Gold Women's Co-op \(demo\) code\. It works for 5 minutes\. Never share it\.$/,
    );
    expect(text.text.length).toBeLessThanOrEqual(160);
  });

  it('refuses what is not a Zambian mobile number', async () => {
    for (const phone of ['12345', '+260 21 123 4567', '+44 7700 900123', '']) {
      const res = await askCode(phone);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Enter a Zambian mobile number, for example 097 123 4567 or +260 97 123 4567.',
      });
    }
  });

  it('answers alike whether or not the number has an account', async () => {
    const { phone: known } = await newAccount();
    await age(known.e164, 61);
    const unknown = freshNumber();
    const a = (await askCode(known.e164)).json();
    const b = (await askCode(unknown.e164)).json();
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect({ ...a, phone: '', message: a.message.replace(/\+260[\d ]+/, '') }).toEqual({
      ...b,
      phone: '',
      message: b.message.replace(/\+260[\d ]+/, ''),
    });
  });

  it('keeps only a keyed digest of the code, and the sent text loses its code', async () => {
    const phone = freshNumber();
    await askCode(phone.e164);
    const code = await codeSentTo(phone.e164);
    const [row] = await t.app.db.select().from(phoneCodes).where(eq(phoneCodes.mobile, phone.e164));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.codeHash).toMatch(/^[\w-]{43}$/);
    const [sms] = await t.app.db.select().from(smsMessages).where(eq(smsMessages.toNumber, phone.e164));
    expect(sms).toMatchObject({ status: 'sent', secret: true });
    expect(sms.body).not.toContain(code);
  });

  it('sends again only after 60 seconds, with a 429 that says how long', async () => {
    const phone = freshNumber();
    expect((await askCode(phone.e164)).statusCode).toBe(200);
    const again = await askCode(phone.e164, '10.9.9.9');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      message: expect.stringMatching(/^Please wait (60|59) seconds before asking for another code\.$/),
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    await age(phone.e164, 45);
    expect((await askCode(phone.e164)).json().message).toMatch(/^Please wait 1[45] seconds/);
    await age(phone.e164, 16);
    expect((await askCode(phone.e164)).statusCode).toBe(200);
  });

  it('sends at most 3 codes to one number from one address in 15 minutes; other numbers and addresses still get theirs', async () => {
    const phone = freshNumber();
    for (let i = 0; i < 3; i += 1) {
      expect((await askCode(phone.e164, '10.2.2.2')).statusCode).toBe(200);
      await age(phone.e164, 61);
    }
    const blocked = await askCode(phone.e164, '10.2.2.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many codes for this number\. Please try again in 1[23] minutes\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(11 * 60);
    // The same carrier address, another shopper's number: not blocked.
    expect((await askCode(freshNumber().e164, '10.2.2.2')).statusCode).toBe(200);
    expect((await askCode(phone.e164, '10.3.3.3')).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour to one number, from any addresses', async () => {
    const phone = freshNumber();
    for (let i = 0; i < 5; i += 1) {
      expect((await askCode(phone.e164, `10.4.4.${i}`)).statusCode).toBe(200);
      await age(phone.e164, 61);
    }
    const blocked = await askCode(phone.e164, '10.4.4.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many codes for this number\. Please try again in 5[45] minutes\.$/);
  });

  it('caps one address at exactly 60 codes an hour over any numbers, however many ask at once, without touching other addresses', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => askCode(freshNumber().e164, '10.5.5.5')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(60);
    const blocked = answers.filter((r) => r.statusCode === 429);
    expect(blocked).toHaveLength(40);
    expect(blocked[0].json().message).toMatch(
      /^Too many codes asked from your network\. Please try again in 60 minutes\.$/,
    );
    expect(Number(blocked[0].headers['retry-after'])).toBeGreaterThan(59 * 60);
    const sent = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(phoneCodes)
      .where(eq(phoneCodes.addressKey, addressKeyOf(phoneDeps(t.app).codeKey, '10.5.5.5')));
    expect(sent[0].n).toBe(60);
    expect((await askCode(freshNumber().e164, '10.5.5.6')).statusCode).toBe(200);
  });
});

describe('POST /api/users/phone/verify', () => {
  it('asks for a name first, without using the code, then opens a customer account without e-mail', async () => {
    const phone = freshNumber();
    await askCode(phone.typed);
    const code = await codeSentTo(phone.e164);
    const nameless = await verify({ phone: phone.typed, code });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toEqual({ message: 'Tell us your name to open your account.', needsName: true });

    const res = await verify({ phone: phone.typed, code, name: 'Mutale Banda' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Mutale Banda',
      firstName: 'Mutale',
      lastName: 'Banda',
      email: '',
      phone: phone.e164,
      mobile: phone.e164,
      isAdmin: false,
    });
    expect(typeof body.token).toBe('string');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.json()).toMatchObject({ _id: body._id, mobile: phone.e164, email: '' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, body._id));
    expect(row).toMatchObject({ email: null, passwordHash: null, isAdmin: false });

    const reused = await verify({ phone: phone.typed, code, name: 'Mutale Banda' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: 'There is no code waiting for this number. Ask for a new code.' });
  });

  it('signs in the account of the number with a new code', async () => {
    const { phone, session } = await newAccount();
    await age(phone.e164, 61);
    await askCode(phone.e164);
    const res = await verify({ phone: phone.e164, code: await codeSentTo(phone.e164), name: 'Ignored Name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: session._id, name: 'Chanda Mwale', mobile: phone.e164 });
  });

  it('counts wrong codes down, and after 5 the right one no longer works', async () => {
    const phone = freshNumber();
    await askCode(phone.e164);
    const code = await codeSentTo(phone.e164);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push((await verify({ phone: phone.e164, code: wrong, name: 'A B' })).json().message);
    expect(answers).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      'That code is not right, and that was the last try. Ask for a new code.',
    ]);
    const right = await verify({ phone: phone.e164, code, name: 'A B' });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: 'Too many wrong codes. Ask for a new code.' });
  });

  it('compares a code at most 5 times when 100 guesses arrive at once, every tenth the right one', async () => {
    const phone = freshNumber();
    await askCode(phone.e164);
    const code = await codeSentTo(phone.e164);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    // Each answer other than "too many" is a comparison made: a wrong code said so, or the right one taken.
    const guesses = Array.from({ length: 100 }, (_, i) => (i % 10 === 9 ? code : wrong(i)));
    const answers = await Promise.all(guesses.map((guess) => verify({ phone: phone.e164, code: guess, name: 'A B' })));
    const messages = answers.map((r) => r.json().message as string);
    expect(messages.filter((m) => m === 'Too many wrong codes. Ask for a new code.')).toHaveLength(95);
    const [row] = await t.app.db.select().from(phoneCodes).where(eq(phoneCodes.mobile, phone.e164));
    expect(row.tries).toBe(5);
  });

  it('refuses an expired code', async () => {
    const phone = freshNumber();
    await askCode(phone.e164);
    const code = await codeSentTo(phone.e164);
    await t.app.db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.mobile, phone.e164));
    const res = await verify({ phone: phone.e164, code, name: 'A B' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This code has expired. Ask for a new one.' });
  });

  it('lets only the newest code work', async () => {
    const phone = freshNumber();
    await askCode(phone.e164);
    const first = await codeSentTo(phone.e164);
    await age(phone.e164, 61);
    await askCode(phone.e164);
    const second = await codeSentTo(phone.e164);
    if (first !== second) expect((await verify({ phone: phone.e164, code: first, name: 'A B' })).statusCode).toBe(400);
    expect((await verify({ phone: phone.e164, code: second, name: 'A B' })).statusCode).toBe(201);
  });

  it('refuses a code that is not 6 digits, and a number nobody asked a code for', async () => {
    expect((await verify({ phone: freshNumber().e164, code: '12ab56' })).json()).toEqual({
      message: 'Enter the 6-digit code from the text message.',
    });
    const none = await verify({ phone: freshNumber().e164, code: '123456', name: 'A B' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'There is no code waiting for this number. Ask for a new code.' });
  });

  it('opens one account when the same code arrives twice at once', async () => {
    const phone = freshNumber();
    await askCode(phone.e164);
    const code = await codeSentTo(phone.e164);
    const answers = await Promise.all([1, 2, 3].map(() => verify({ phone: phone.e164, code, name: 'Race Runner' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    const rows = await t.app.db.select().from(users).where(eq(users.mobile, phone.e164));
    expect(rows).toHaveLength(1);
  });

  it('never signs in to an admin account by code', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const phone = freshNumber();
    await t.app.db.update(users).set({ mobile: phone.e164 }).where(eq(users.id, admin.user.id));
    await askCode(phone.e164);
    const res = await verify({ phone: phone.e164, code: await codeSentTo(phone.e164) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Admin accounts sign in with e-mail and password only/);
  });
});

describe('merge rules and the profile sign-in number', () => {
  const addCode = (auth: Record<string, string>, phone: string, address?: string) =>
    post('/api/users/profile/mobile/code', { phone }, { headers: auth, address });
  const confirm = (auth: Record<string, string>, phone: string, code: string) =>
    t.app.inject({ method: 'PUT', url: '/api/users/profile/mobile', headers: auth, payload: { phone, code } });

  it('does not attach a code sign-in to an e-mail account whose contact phone holds the number', async () => {
    const phone = freshNumber();
    const emailCustomer = await createUser(t);
    await t.app.db.update(users).set({ phone: phone.e164 }).where(eq(users.id, emailCustomer.user.id));
    await askCode(phone.e164);
    const code = await codeSentTo(phone.e164);
    expect((await verify({ phone: phone.e164, code })).json().needsName).toBe(true);
    const created = await verify({ phone: phone.e164, code, name: 'Other Person' });
    expect(created.statusCode).toBe(201);
    expect(created.json()._id).not.toBe(emailCustomer.user.id);
  });

  it('lets an e-mail customer add a number by code, then sign in with it', async () => {
    const customer = await createUser(t);
    const phone = freshNumber();
    const sent = await addCode(customer.auth, phone.typed);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().phone).toBe(phone.e164);
    await t.app.sms.idle();
    expect((await readSmsOutbox(t.dataDir)).filter((m) => m.to === phone.e164).at(-1)?.kind).toBe('add-number-code');
    const wrong = await confirm(
      customer.auth,
      phone.typed,
      '999999' === (await codeSentTo(phone.e164)) ? '888888' : '999999',
    );
    expect(wrong.json().message).toBe('That code is not right. 4 tries left.');
    const res = await confirm(customer.auth, phone.typed, await codeSentTo(phone.e164));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: customer.user.id,
      email: customer.email,
      mobile: phone.e164,
      phone: phone.e164,
    });

    await age(phone.e164, 61);
    await askCode(phone.e164);
    const signIn = await verify({ phone: phone.e164, code: await codeSentTo(phone.e164) });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()._id).toBe(customer.user.id);
    // And the password still works.
    const login = await post('/api/users/login', { email: customer.email, password: customer.password });
    expect(login.statusCode).toBe(200);
  });

  it('answers 409 when the number belongs to another account, and merges nothing', async () => {
    const { phone, session } = await newAccount();
    await age(phone.e164, 61);
    const customer = await createUser(t);
    expect((await addCode(customer.auth, phone.e164)).statusCode).toBe(200);
    const res = await confirm(customer.auth, phone.e164, await codeSentTo(phone.e164));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This number is already used by another account.' });
    const holders = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, phone.e164));
    expect(holders).toEqual([{ id: session._id }]);
  });

  it('gives the number to exactly one account when an e-mail customer adds it while someone opens an account with it', async () => {
    const phone = freshNumber();
    const customer = await createUser(t);
    await addCode(customer.auth, phone.e164, '10.6.6.1');
    const addNumberCode = await codeSentTo(phone.e164);
    await age(phone.e164, 61);
    await askCode(phone.e164, '10.6.6.2');
    const signInCode = await codeSentTo(phone.e164);
    const [added, opened] = await Promise.all([
      confirm(customer.auth, phone.e164, addNumberCode),
      verify({ phone: phone.e164, code: signInCode, name: 'Second Claim' }),
    ]);
    const holders = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, phone.e164));
    expect(holders).toHaveLength(1);
    if (added.statusCode === 200) {
      // The number was the e-mail customer's by then: the code signs in to that account.
      expect(opened.statusCode).toBe(200);
      expect(opened.json()._id).toBe(customer.user.id);
    } else {
      expect(added.statusCode).toBe(409);
      expect(opened.statusCode).toBe(201);
    }
  });

  it('never gives an admin a sign-in number', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const res = await addCode(admin.auth, freshNumber().e164);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Admin accounts sign in with e-mail and password only, so they cannot use a sign-in number.',
    });
    const put = await confirm(admin.auth, freshNumber().e164, '123456');
    expect(put.statusCode).toBe(403);
  });

  it('asks for sign-in only when signed in, and says when the number is already yours', async () => {
    expect((await post('/api/users/profile/mobile/code', { phone: freshNumber().e164 })).statusCode).toBe(401);
    const { phone, auth } = await newAccount();
    const mine = await addCode(auth, phone.typed);
    expect(mine.statusCode).toBe(400);
    expect(mine.json()).toEqual({ message: 'This is already your sign-in number.' });
  });

  it('lets a phone-only account add an e-mail and a first password, then log in by e-mail and drop the number', async () => {
    const { phone, session, auth } = await newAccount('Bwalya Zulu');
    const profile = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: auth, payload });

    const passwordFirst = await profile({ password: 'a brand new secret' });
    expect(passwordFirst.statusCode).toBe(400);
    expect(passwordFirst.json()).toEqual({ message: 'Add an e-mail first: the password signs you in with it.' });
    const keepIt = await t.app.inject({ method: 'DELETE', url: '/api/users/profile/mobile', headers: auth });
    expect(keepIt.statusCode).toBe(400);
    expect(keepIt.json()).toEqual({
      message: 'Add an e-mail and a password first: without this number you could not sign in.',
    });

    const email = `bwalya-${numbers}@example.com`;
    const withEmail = await profile({ email });
    expect(withEmail.statusCode).toBe(200);
    expect(withEmail.json()).toMatchObject({ email, mobile: phone.e164 });
    const withPassword = await profile({ password: 'a brand new secret' });
    expect(withPassword.statusCode).toBe(200);
    // The first password revokes earlier tokens, as every new password does; then the normal rule holds.
    expect((await profile({ name: 'Still Me' })).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${withPassword.json().token}` };
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: fresh,
      payload: { password: 'another secret 2' },
    });
    expect(again.json()).toEqual({ message: 'Current password is required to set a new password' });

    const login = await post('/api/users/login', { email, password: 'a brand new secret' });
    expect(login.statusCode).toBe(200);
    expect(login.json()._id).toBe(session._id);

    const dropped = await t.app.inject({ method: 'DELETE', url: '/api/users/profile/mobile', headers: fresh });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toMatchObject({ mobile: '', phone: phone.e164, email });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, session._id));
    expect(row.mobile).toBeNull();
  });

  it('refuses an e-mail that another account has, as for every profile', async () => {
    const other = await createUser(t);
    const { auth } = await newAccount();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: auth,
      payload: { email: other.email },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
  });
});

describe('the code text', () => {
  it('fits one GSM-7 text whatever the shop is called', () => {
    expect(phoneCodeText('123456', 'Forest Gold’s Co-op', 5)).toBe(
      "123456 is your Forest Gold's Co-op code. It works for 5 minutes. Never share it.",
    );
    expect(phoneCodeText('123456', 'Ŝhop 🌿', 5)).toBe(
      '123456 is your sign-in code. It works for 5 minutes. Never share it.',
    );
    expect(phoneCodeText('123456', 'x'.repeat(120), 5)).toBe(
      '123456 is your sign-in code. It works for 5 minutes. Never share it.',
    );
  });
});
