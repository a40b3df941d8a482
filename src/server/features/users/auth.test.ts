import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { verifyPassword } from '../../lib/password';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { ADDRESS_FAILURES_ALLOWED } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test logs in from its own address, so the failed-login throttle of one test never leaks into another. */
const freshAddress = () => `198.51.100.${(addressCounter += 1)}`;

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users', payload: payload as object, remoteAddress: freshAddress() });
const login = (payload: unknown, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: payload as object, remoteAddress });

function expectNoSecrets(rawBody: string) {
  expect(rawBody).not.toMatch(/password/i);
  expect(rawBody).not.toContain('scrypt');
}

describe('POST /api/users (register)', () => {
  it('creates a customer, never an admin, and answers the user with a working token', async () => {
    const res = await register({
      name: 'Chanda Mwale',
      email: 'Chanda.Mwale@Example.com',
      password: 'secret123',
      isAdmin: true,
      _id: 'x',
    });
    expect(res.statusCode).toBe(201);
    expectNoSecrets(res.body);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Chanda Mwale',
      firstName: 'Chanda',
      lastName: 'Mwale',
      email: 'chanda.mwale@example.com',
      isAdmin: false,
    });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, body._id));
    expect(row.isAdmin).toBe(false);
    expect(await verifyPassword('secret123', row.passwordHash ?? '')).toBe(true);

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()._id).toBe(body._id);
  });

  it('builds the name from first and last name when no name is given', async () => {
    const res = await register({
      firstName: 'Thandiwe',
      lastName: 'Banda',
      email: 'thandiwe@example.com',
      password: 'secret123',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Thandiwe Banda', firstName: 'Thandiwe', lastName: 'Banda' });
  });

  it('refuses an e-mail already registered in another letter case with 409', async () => {
    await register({ name: 'Mutale', email: 'mutale@example.com', password: 'secret123' });
    const res = await register({ name: 'Someone Else', email: 'MUTALE@Example.COM', password: 'secret456' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it('lets only one of two simultaneous registrations of one e-mail win', async () => {
    const payload = { name: 'Race', email: 'race@example.com', password: 'secret123' };
    const answers = await Promise.all([register(payload), register({ ...payload, email: 'Race@Example.com' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [{ n }] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = 'race@example.com'`);
    expect(n).toBe(1);
  });

  it.each([
    [{ name: 'A', email: 'not-an-email', password: 'secret123' }, 'Invalid email address'],
    [{ name: 'A', email: 'short@example.com', password: 'short' }, 'Password must be at least 8 characters'],
    [{ name: 'A', password: 'secret123' }, 'Email is required'],
    [{ email: 'noname@example.com', password: 'secret123' }, 'Name is required'],
    [{ name: '   ', email: 'blank@example.com', password: 'secret123' }, 'Name is required'],
    [{ name: 'A', email: 'long@example.com', password: 'x'.repeat(201) }, 'Password is too long'],
    // One emoji is not a missing name, it is a name without letters.
    [
      { firstName: '😀', lastName: 'Banda', email: 'emoji@example.com', password: 'secret123' },
      'First name needs letters: an emoji or a symbol alone is not a name',
    ],
    [
      { name: '☺', email: 'symbol@example.com', password: 'secret123' },
      'Name needs letters: an emoji or a symbol alone is not a name',
    ],
  ])('answers 400 with a clear message for %j', async (payload, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });
});

describe('POST /api/users/login', () => {
  it('answers the user with a token for the right password, whatever the e-mail case', async () => {
    const { user, password } = await createUser(t, { email: 'buyer@example.com', isAdmin: true });
    const res = await login({ email: 'Buyer@Example.com', password }, freshAddress());
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res.body);
    expect(res.json()).toMatchObject({ _id: user.id, email: 'buyer@example.com', isAdmin: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.json()._id).toBe(user.id);
  });

  it('answers the same 401 for an unknown e-mail and for a wrong password', async () => {
    const { email } = await createUser(t);
    const address = freshAddress();
    const wrongPassword = await login({ email, password: 'not the password' }, address);
    const unknownEmail = await login({ email: 'nobody@example.com', password: 'not the password' }, address);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('spends a password check on an unknown e-mail too, so timing does not tell which accounts exist', async () => {
    const { email } = await createUser(t);
    const timeOf = async (payload: object) => {
      const start = performance.now();
      await login(payload, freshAddress());
      return performance.now() - start;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      wrong.push(await timeOf({ email, password: 'not the password' }));
      unknown.push(await timeOf({ email: `ghost${i}@example.com`, password: 'not the password' }));
    }
    // Without the dummy hash an unknown e-mail answers in ~1 ms against tens of ms for a real check.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...wrong) * 0.5);
  });

  it('answers 400 for a malformed login body', async () => {
    const res = await login({ email: 'nobody@example.com' }, freshAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password is required');
  });

  it('answers 429 with Retry-After after five failures from one address, even for the right password', async () => {
    const { email, password } = await createUser(t);
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ email, password: 'wrong guess' }, address)).statusCode).toBe(401);
    }
    const blocked = await login({ email, password }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many failed login attempts. Please try again in 15 minutes.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    const elsewhere = await login({ email, password }, freshAddress());
    expect(elsewhere.statusCode).toBe(200);
  });

  it('customers behind one carrier address do not lock each other out: five failures block that account there only', async () => {
    const guessed = await createUser(t);
    const neighbour = await createUser(t);
    const carrier = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ email: guessed.email, password: 'wrong guess' }, carrier)).statusCode).toBe(401);
    }
    // The e-mail as typed another way is the same account.
    expect(
      (await login({ email: ` ${guessed.email.toUpperCase()} `, password: guessed.password }, carrier)).statusCode,
    ).toBe(429);
    expect((await login({ email: neighbour.email, password: neighbour.password }, carrier)).statusCode).toBe(200);
    expect((await login({ email: neighbour.email, password: 'one typo' }, carrier)).statusCode).toBe(401);
    expect((await login({ email: neighbour.email, password: neighbour.password }, carrier)).statusCode).toBe(200);
  });

  it(`blocks an address after ${ADDRESS_FAILURES_ALLOWED} failures over any accounts; its shoppers' successful logins do not count`, async () => {
    const shopper = await createUser(t);
    const carrier = freshAddress();
    for (let i = 0; i < ADDRESS_FAILURES_ALLOWED + 5; i += 1) {
      expect((await login({ email: shopper.email, password: shopper.password }, carrier)).statusCode).toBe(200);
    }
    // A sweep: each account guessed a few times, so no one account reaches its own limit.
    const guesses = Array.from({ length: ADDRESS_FAILURES_ALLOWED }, (_, i) => ({
      email: `sweep.${Math.floor(i / 3)}@example.com`,
      password: `guess ${i}`,
    }));
    for (let start = 0; start < guesses.length; start += 10) {
      const answers = await Promise.all(guesses.slice(start, start + 10).map((guess) => login(guess, carrier)));
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 401));
    }
    const blocked = await login({ email: shopper.email, password: shopper.password }, carrier);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    expect((await login({ email: shopper.email, password: shopper.password }, freshAddress())).statusCode).toBe(200);
  });

  it('does not let a burst of parallel guesses slip past the limit', async () => {
    const { email } = await createUser(t);
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login({ email, password: 'wrong guess' }, address)),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });

  it('forgives earlier failures of an address after a successful login', async () => {
    const { email, password } = await createUser(t);
    const address = freshAddress();
    for (let i = 0; i < 4; i += 1) await login({ email, password: 'wrong guess' }, address);
    expect((await login({ email, password }, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      expect((await login({ email, password: 'wrong guess' }, address)).statusCode).toBe(401);
    }
    expect((await login({ email, password }, address)).statusCode).toBe(200);
  });
});

describe('registration throttle', () => {
  it('allows 10 new accounts an hour from one address, then answers 429', async () => {
    const remoteAddress = '203.0.113.23';
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress,
        payload: { name: `Burst ${i}`, email: `burst-${i}@example.com`, password: 'long enough pw' },
      });
    for (let i = 0; i < 10; i++) expect((await register(i)).statusCode).toBe(201);
    const eleventh = await register(10);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/^Too many new accounts from your address\. Please try again in /);
  });
});
