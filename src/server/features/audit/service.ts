import type { z } from 'zod';
import { formatKwacha, toKwacha } from '../../../shared/money';
import type { AuditEvent, AuditList, AuditSubject, auditListQuerySchema } from '../../../shared/schemas/audit';
import type { CurrentUser } from '../../plugins/auth';
import type { Db, Tx } from '../../db/client';
import { BadRequest } from '../../lib/http-errors';
import { findAuditPage, insertAuditEvent, type AuditEventRow, type AuditFilter } from './queries';

/**
 * The audit trail's rules: what admins did to money, stock and people. Record inside the same
 * transaction as the change whenever there is one, so a change is never stored without its line and a
 * line never without its change. Nothing here updates or deletes: the table refuses that (migration 0012).
 */
export type { AuditSubject };

export interface AuditEntry {
  /** What happened, subject first: product.created, product.updated, order.status-changed, user.admin-granted ... */
  action: string;
  subjectType: AuditSubject;
  subjectId?: string | null;
  /** One line an admin reads in the list: "Baobab Oil 250 ml: price K 120.00 → K 135.00". */
  summary: string;
  /** Only the fields that changed (and those naming the subject), before and after. Never a secret. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Who did it: the admin of the request; the name is kept with the line, since accounts can be deleted. */
export type AuditActor = Pick<CurrentUser, 'id' | 'name'> | { id: null; name: string };

export async function recordAudit(db: Db | Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(db, {
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    summary: entry.summary.slice(0, 1000),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * The fields of `after` whose values differ from `before`, as a before/after pair of small objects;
 * null when nothing changed. `keep` names fields always kept (what identifies the subject).
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T, keep: (keyof T)[] = []) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  let changed = false;
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
      changed = true;
    }
  }
  if (!changed) return null;
  for (const key of keep as string[]) {
    was[key] ??= before[key];
    now[key] ??= after[key];
  }
  return { before: was, after: now };
}

/** An amount in a summary as the shop shows it: 12000 → "K 120.00". */
export const kwachaOf = (ngwee: number) => formatKwacha(toKwacha(ngwee));

export type AuditListQuery = z.output<typeof auditListQuerySchema>;

const MOMENTS = { earliest: Date.UTC(1970, 0, 1), latest: Date.UTC(9999, 11, 31) };

/** A date is that whole day in UTC (from its start, to its end); a moment is itself. */
function timeOf(value: string | undefined, name: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const time = new Date(dateOnly ? `${value}T${name === 'from' ? '00:00:00.000' : '23:59:59.999'}Z` : value);
  if (Number.isNaN(time.getTime()) || time.getTime() < MOMENTS.earliest || time.getTime() > MOMENTS.latest) {
    throw BadRequest(`${name} must be between 1970 and 9999`);
  }
  return time;
}

const toJson = (row: AuditEventRow): AuditEvent => ({
  _id: row.id,
  at: row.at.toISOString(),
  actor: { _id: row.actorId, name: row.actorName },
  action: row.action,
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  summary: row.summary,
  before: row.before ?? null,
  after: row.after ?? null,
});

/** GET /audit: one page of the trail, newest first; a 400 for dates that cannot both hold. */
export async function listAuditEvents(db: Db, query: AuditListQuery): Promise<AuditList> {
  const from = timeOf(query.from, 'from');
  const to = timeOf(query.to, 'to');
  if (from && to && from > to) throw BadRequest('from must not be after to');
  const prefix = query.action?.endsWith('.');
  const filter: AuditFilter = {
    action: prefix ? undefined : query.action,
    actionPrefix: prefix ? query.action : undefined,
    subjectType: query.subjectType,
    subjectId: query.subjectId,
    actorId: query.actor,
    from,
    to,
    words: query.q,
  };
  const { rows, total } = await findAuditPage(db, filter, query.page, query.limit);
  return { events: rows.map(toJson), page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)), total };
}
