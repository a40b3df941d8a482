import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { Conflict, NotFound, isUniqueViolation } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { CurrentUser } from '../../plugins/auth';
import { formatZambianMobile } from '../../../shared/phone-numbers';
import type {
  Member,
  MemberList,
  MemberShares,
  createMemberSchema,
  memberSharesQuerySchema,
  updateMemberSchema,
} from '../../../shared/schemas/members';
import type { z } from 'zod';
import { recordAudit } from '../audit';
import { memberCreatedEntry, memberUpdatedEntry } from './member-audit';
import {
  findMember,
  findMemberWithBalance,
  insertMember,
  listMembers,
  lockMember,
  memberHoldingNumber,
  sharesOfMember,
  updateMember,
  type MemberChanges,
} from './queries';
import { networkOf, toMemberJson } from './serialize';

/**
 * Members' rules (docs/decisions/065-members-and-wallet-changes.md): admins add and edit members; a member
 * is never deleted (her ledger points at her), only made inactive; no two members share a wallet number.
 */
export type Admin = Pick<CurrentUser, 'id' | 'name'>;

export const MEMBER_NOT_FOUND = 'Member not found';
export const memberNotFound = () => NotFound(MEMBER_NOT_FOUND);
const NUMBER_SHARED = 'Another member already has this wallet number: two members cannot share one.';

/**
 * 409 when another member has this wallet number, or has it asked for as her new one (`mobileOnly`: only her
 * wallet counts, as when a change is approved).
 */
export async function refuseSharedNumber(
  tx: Tx,
  mobile: string,
  except: string | null,
  mobileOnly = false,
): Promise<void> {
  const holder = await memberHoldingNumber(tx, mobile, except);
  if (!holder || (mobileOnly && holder.pending)) return;
  const number = formatZambianMobile(mobile);
  throw Conflict(
    holder.pending
      ? `${number} is waiting to become ${holder.name}'s wallet number: two members cannot share one.`
      : `${number} is already ${holder.name}'s wallet number: two members cannot share one.`,
  );
}

/** A unique wallet number taken by a change that committed first: the same 409, never a 500. */
export async function withSharedNumberRefused<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(NUMBER_SHARED);
    throw error;
  }
}

/** GET /members: everyone in name order (or only the active, or the inactive), with what each is owed. */
export async function memberList(app: FastifyInstance, active: boolean | undefined): Promise<MemberList> {
  return { members: (await listMembers(app.db, active)).map(toMemberJson) };
}

export async function memberJson(app: FastifyInstance, id: string): Promise<Member> {
  const found = isUuid(id) ? await findMemberWithBalance(app.db, id) : null;
  if (!found) throw memberNotFound();
  return toMemberJson(found);
}

/** GET /members/{id}/shares: her ledger lines, newest first (a sale's share, or a refund's debit below 0). */
export async function memberShares(
  app: FastifyInstance,
  id: string,
  query: z.output<typeof memberSharesQuerySchema>,
): Promise<MemberShares> {
  const found = isUuid(id) ? await findMember(app.db, id) : null;
  if (!found) throw memberNotFound();
  const { rows, total } = await sharesOfMember(app.db, id, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    lines: rows.map((row) => ({
      _id: row.id,
      at: row.createdAt.toISOString(),
      orderId: row.orderId,
      kind: row.kind === 'refund' ? 'refund' : 'sale',
      product: row.productName,
      quantity: row.quantity,
      amountNgwee: row.amountNgwee,
      payoutId: row.payoutId,
    })),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
    total,
  };
}

/** POST /members: her wallet number as the phone rule read it, its network the rule's. */
export async function createMember(
  app: FastifyInstance,
  admin: Admin,
  input: z.output<typeof createMemberSchema>,
): Promise<Member> {
  const row = await withSharedNumberRefused(() =>
    app.db.transaction(async (tx) => {
      await refuseSharedNumber(tx, input.mobile, null);
      const created = await insertMember(tx, { ...input, network: networkOf(input.mobile) });
      await recordAudit(tx, admin, memberCreatedEntry(created));
      return created;
    }),
  );
  return toMemberJson({ ...row, balanceNgwee: 0 });
}

/** PATCH /members/{id}: name, role, active. The wallet number is the wallet change's (wallet.ts). */
export async function changeMember(
  app: FastifyInstance,
  admin: Admin,
  id: string,
  input: z.output<typeof updateMemberSchema>,
): Promise<Member> {
  if (!isUuid(id)) throw memberNotFound();
  const changes: MemberChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.role !== undefined) changes.role = input.role;
  if (input.active !== undefined) changes.active = input.active;
  await app.db.transaction(async (tx) => {
    const before = await lockMember(tx, id);
    if (!before) throw memberNotFound();
    const entry = memberUpdatedEntry(before, { ...before, ...changes });
    if (!entry) return;
    await updateMember(tx, id, changes);
    await recordAudit(tx, admin, entry);
  });
  return memberJson(app, id);
}
