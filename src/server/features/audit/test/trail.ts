import { expect } from 'vitest';
import type { AuditEvent, AuditList } from '../../../../shared/schemas/audit';
import type { TestApp } from '../../../test/test-app';

/** Reads the audit trail as the admin does, through GET /api/audit. */
export function trailReader(t: () => TestApp, auth: () => Record<string, string>) {
  const read = async (query = ''): Promise<AuditList> => {
    const res = await t().app.inject({ method: 'GET', url: `/api/audit${query}`, headers: auth() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditList;
  };
  return {
    read,
    /** Every line about one subject, newest first. */
    about: async (subjectId: string): Promise<AuditEvent[]> =>
      (await read(`?subjectId=${encodeURIComponent(subjectId)}&limit=100`)).events,
    /** How many lines the whole trail holds. */
    count: async () => (await read('?limit=1')).total,
  };
}
