import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { trailReader } from './test/trail';

/** Admin actions on people (admin rights, edits, deletions) and on the shop settings, done through the API. */
describe('the audit trail of people and settings', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const trail = trailReader(
    () => t,
    () => admin.auth,
  );
  const send = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.auth, payload });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true, name: 'Ruth Mwiinga' });
  });
  afterAll(() => t?.close());

  it('records admin rights given and taken, and an edit with only the changed fields; never a password hash or token', async () => {
    const member = await createUser(t, { name: 'Mutinta Hamoonga', email: 'mutinta@coop.example' });
    expect((await send('PUT', `/api/users/${member.user.id}`, { isAdmin: true })).statusCode).toBe(200);
    expect(
      (await send('PUT', `/api/users/${member.user.id}`, { isAdmin: false, name: 'Mutinta Hamoonga-Phiri' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', `/api/users/${member.user.id}`, { email: 'mutinta.phiri@coop.example' })).statusCode,
    ).toBe(200);
    // Saved as it is: no line.
    expect(
      (await send('PUT', `/api/users/${member.user.id}`, { email: 'mutinta.phiri@coop.example' })).statusCode,
    ).toBe(200);

    const lines = (await trail.about(member.user.id)).reverse();
    expect(lines.map((e) => [e.action, e.summary])).toEqual([
      ['user.admin-granted', 'Made Mutinta Hamoonga (mutinta@coop.example) an admin'],
      [
        'user.admin-removed',
        'Removed admin rights from Mutinta Hamoonga-Phiri (mutinta@coop.example); name was Mutinta Hamoonga',
      ],
      [
        'user.updated',
        'Edited the account of Mutinta Hamoonga-Phiri (mutinta.phiri@coop.example); e-mail was mutinta@coop.example',
      ],
    ]);
    expect(lines[0]).toMatchObject({
      actor: { _id: admin.user.id, name: 'Ruth Mwiinga' },
      subjectType: 'user',
      before: { name: 'Mutinta Hamoonga', email: 'mutinta@coop.example', isAdmin: false },
      after: { name: 'Mutinta Hamoonga', email: 'mutinta@coop.example', isAdmin: true },
    });
    expect(lines[1].before).toEqual({ name: 'Mutinta Hamoonga', email: 'mutinta@coop.example', isAdmin: true });
    expect(lines[1].after).toEqual({ name: 'Mutinta Hamoonga-Phiri', email: 'mutinta@coop.example', isAdmin: false });
    expect(lines[2].before).toEqual({ name: 'Mutinta Hamoonga-Phiri', email: 'mutinta@coop.example' });
    expect(lines[2].after).toEqual({ name: 'Mutinta Hamoonga-Phiri', email: 'mutinta.phiri@coop.example' });
    const written = JSON.stringify(lines);
    expect(written).not.toMatch(/password|hash|token/i);
    expect(written).not.toContain(member.user.passwordHash);
  });

  it('records an account deleted by an admin, with who it was', async () => {
    const gone = await createUser(t, { name: 'Former Customer', email: 'former@coop.example' });
    expect((await send('DELETE', `/api/users/${gone.user.id}`)).statusCode).toBe(200);
    const [line] = await trail.about(gone.user.id);
    expect(line).toMatchObject({
      action: 'user.deleted',
      actor: { _id: admin.user.id, name: 'Ruth Mwiinga' },
      summary: 'Deleted the customer account of Former Customer (former@coop.example); their orders stay',
      before: { name: 'Former Customer', email: 'former@coop.example', isAdmin: false },
      after: null,
    });
    expect(JSON.stringify(line)).not.toContain(gone.user.passwordHash);
  });

  it('records nothing for a refused change to people (400, 404, 409)', async () => {
    await createUser(t, { email: 'taken@coop.example' });
    const other = await createUser(t);
    const before = await trail.count();
    expect((await send('PUT', `/api/users/${admin.user.id}`, { isAdmin: false })).statusCode).toBe(400);
    expect((await send('DELETE', `/api/users/${admin.user.id}`)).statusCode).toBe(400);
    expect((await send('PUT', `/api/users/${randomUUID()}`, { isAdmin: true })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/users/${randomUUID()}`)).statusCode).toBe(404);
    expect(
      (await send('PUT', `/api/users/${other.user.id}`, { name: 'Renamed', email: 'taken@coop.example' })).statusCode,
    ).toBe(409);
    expect(await trail.count()).toBe(before);
  });

  it('records a settings save with the fields it changed, before and after; an unchanged or refused save records nothing', async () => {
    const res = await send('PUT', '/api/settings', {
      mtnMoneyNumber: '+260 96 555 0101',
      phone: '+260 21 333 4444',
      shopName: "Forest Gold Women's Co-op (demo)",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await trail.about('shop');
    expect(line).toMatchObject({
      action: 'settings.updated',
      subjectType: 'settings',
      actor: { _id: admin.user.id, name: 'Ruth Mwiinga' },
      summary: 'Shop settings: MTN MoMo number +260 96 000 0002 → +260 96 555 0101; changed phone',
    });
    expect(line.before).toEqual({ mtnMoneyNumber: '+260 96 000 0002', phone: '+260 97 000 0000' });
    expect(line.after).toEqual({ mtnMoneyNumber: '+260 96 555 0101', phone: '+260 21 333 4444' });

    const count = await trail.count();
    expect((await send('PUT', '/api/settings', { mtnMoneyNumber: '+260 96 555 0101' })).statusCode).toBe(200);
    expect((await send('PUT', '/api/settings', { email: 'not an address' })).statusCode).toBe(400);
    expect(await trail.count()).toBe(count);
  });
});
