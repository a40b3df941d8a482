import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { verifyPassword } from '../../lib/password';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readProfile = (headers?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile', headers });
const updateProfile = (headers: Record<string, string> | undefined, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/users/profile', headers, payload: payload as object });

describe('GET /api/users/profile', () => {
  it('answers the signed-in user without any password or hash', async () => {
    const { user, auth } = await createUser(t, { name: 'Namwinga Phiri' });
    const res = await readProfile(auth);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password/i);
    expect(res.body).not.toContain('scrypt');
    expect(res.json()).toEqual({
      _id: user.id,
      name: 'Namwinga Phiri',
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: '',
      mobile: '',
      isAdmin: false,
      createdAt: user.createdAt.toISOString(),
    });
  });

  it('answers 401 without a token, with a bad token, and for a deleted account', async () => {
    const none = await readProfile();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Authentication required. Please log in.' });
    const forged = await readProfile({ authorization: 'Bearer not.a.token' });
    expect(forged.statusCode).toBe(401);

    const { user, auth } = await createUser(t);
    await t.app.db.delete(users).where(eq(users.id, user.id));
    expect((await readProfile(auth)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/profile', () => {
  it('updates name, phone and e-mail, ignores isAdmin, and answers the user with a fresh token', async () => {
    const { user, auth } = await createUser(t);
    const res = await updateProfile(auth, {
      name: 'Mwila Tembo',
      phone: '+260 97 123 4567',
      email: 'Mwila@Example.com',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|scrypt/i);
    const body = res.json();
    expect(body).toMatchObject({
      _id: user.id,
      name: 'Mwila Tembo',
      firstName: 'Mwila',
      lastName: 'Tembo',
      phone: '+260 97 123 4567',
      email: 'mwila@example.com',
      isAdmin: false,
    });
    expect(typeof body.token).toBe('string');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isAdmin).toBe(false);

    const withNewToken = await readProfile({ authorization: `Bearer ${body.token}` });
    expect(withNewToken.json().email).toBe('mwila@example.com');
    // The token the client already holds keeps working too (the web app keeps it on profile update).
    expect((await readProfile(auth)).statusCode).toBe(200);
  });

  it('rebuilds the full name when only first or last name changes', async () => {
    const { auth } = await createUser(t);
    const res = await updateProfile(auth, { lastName: 'Zulu' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Test', lastName: 'Zulu', name: 'Test Zulu' });
  });

  it('answers 409 for an e-mail that belongs to another account, in any letter case', async () => {
    const other = await createUser(t, { email: 'taken@example.com' });
    const { auth } = await createUser(t);
    const res = await updateProfile(auth, { email: 'TAKEN@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
    expect(other.user.email).toBe('taken@example.com');
  });

  it('keeps the own e-mail when it is sent again in another case', async () => {
    const { auth } = await createUser(t, { email: 'same@example.com' });
    const res = await updateProfile(auth, { email: 'Same@Example.com', name: 'Same Person' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('same@example.com');
  });

  it('sets a new password only with the right current password', async () => {
    const { user, auth, password } = await createUser(t);
    const withoutCurrent = await updateProfile(auth, { password: 'brand new pass' });
    expect(withoutCurrent.statusCode).toBe(400);
    expect(withoutCurrent.json()).toEqual({ message: 'Current password is required to set a new password' });

    const wrongCurrent = await updateProfile(auth, { password: 'brand new pass', currentPassword: 'not it at all' });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json()).toEqual({ message: 'Current password is incorrect' });

    const tooShort = await updateProfile(auth, { password: 'short', currentPassword: password });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('Password must be at least 8 characters');

    const ok = await updateProfile(auth, { password: 'brand new pass', currentPassword: password });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword('brand new pass', row.passwordHash ?? '')).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: 'brand new pass' },
      remoteAddress: '192.0.2.10',
    });
    expect(login.statusCode).toBe(200);

    // Tokens issued before the change (a phone left logged in elsewhere) stop working; the fresh one works.
    const profile = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/users/profile', headers });
    expect((await profile(auth)).statusCode).toBe(401);
    expect((await profile({ authorization: `Bearer ${ok.json().token}` })).statusCode).toBe(200);
    expect((await profile({ authorization: `Bearer ${login.json().token}` })).statusCode).toBe(200);
  });

  it('answers 400 for an empty name or a bad e-mail, and 401 without a token', async () => {
    const { auth } = await createUser(t);
    const emptyName = await updateProfile(auth, { name: '  ' });
    expect(emptyName.statusCode).toBe(400);
    expect(emptyName.json().message).toBe('Name cannot be empty');
    const badEmail = await updateProfile(auth, { email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Invalid email address');
    expect((await updateProfile(undefined, { name: 'X' })).statusCode).toBe(401);
  });
});
