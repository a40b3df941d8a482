import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_OPERATIONS,
  documentedOperations,
  unclassifiedOrMissing,
  type DocumentedOperation,
} from './test/api-operations';
import { createTestApp, createUser, type TestApp } from './test/test-app';

/** Bodies that would each fail validation or parsing: none of them may be looked at before the caller is known. */
const BODIES: { label: string; headers: Record<string, string>; payload?: string }[] = [
  { label: 'no body', headers: {} },
  { label: 'empty JSON body', headers: { 'content-type': 'application/json' }, payload: '' },
  { label: 'empty object', headers: { 'content-type': 'application/json' }, payload: '{}' },
  { label: 'broken JSON', headers: { 'content-type': 'application/json' }, payload: '{"name":' },
  {
    label: 'wrong types',
    headers: { 'content-type': 'application/json' },
    payload: '{"name":1,"price":"x","recipients":7}',
  },
  { label: 'NUL text', headers: { 'content-type': 'application/json' }, payload: '{"name":"a\\u0000"}' },
  { label: 'not multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: 'garbage' },
  { label: 'unknown type', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
];

const PATH_VALUES = ['00000000-0000-4000-8000-000000000000', 'not-an-id', 'a%00b'];

function urlsOf(op: DocumentedOperation): string[] {
  if (!op.path.includes('{')) return [op.path];
  return PATH_VALUES.map((v) => op.path.replace(/\{[^}]+\}/g, v));
}

describe('every protected route answers 401/403 before it reads the body', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createUser>>;
  let operations: DocumentedOperation[];
  beforeAll(async () => {
    t = await createTestApp();
    customer = await createUser(t);
    operations = await documentedOperations(t.app);
  });
  afterAll(() => t.close());

  it('classifies every operation of the OpenAPI document', () => {
    expect(unclassifiedOrMissing(operations)).toEqual({ unclassified: [], missing: [] });
  });

  it('documents the bearer token on every protected operation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const undocumented = Object.entries(API_OPERATIONS)
      .filter(([, access]) => access !== 'anyone')
      .map(([key]) => key)
      .filter((key) => {
        const [method, path] = key.split(' ');
        return !doc.paths[path]?.[method.toLowerCase()]?.security;
      });
    // The bulk mail route's schema lives in the mail feature (another change in progress adds it there).
    expect(undocumented).toEqual(['POST /api/email/bulk']);
  });

  it.each([
    ['a visitor', 'signed-in', 401, () => ({})],
    ['a visitor', 'admin', 401, () => ({})],
    ['a bad token', 'admin', 401, () => ({ authorization: 'Bearer not.a.token' })],
    ['a customer', 'admin', 403, () => customer.auth],
  ] as const)('answers %s on every %s route with %i whatever the body', async (_who, access, status, auth) => {
    const wrong: string[] = [];
    const protectedOps = operations.filter((op) => API_OPERATIONS[op.key] === access);
    expect(protectedOps.length).toBeGreaterThan(3);
    for (const op of protectedOps) {
      for (const url of urlsOf(op)) {
        for (const body of BODIES) {
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: { ...auth(), ...body.headers },
            ...(body.payload === undefined ? {} : { payload: body.payload }),
          });
          if (res.statusCode !== status || typeof res.json().message !== 'string') {
            wrong.push(`${op.key} ${url} (${body.label}): ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
