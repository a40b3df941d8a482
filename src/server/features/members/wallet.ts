import type { FastifyInstance } from 'fastify';
import { BadRequest, Conflict, Forbidden } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { formatZambianMobile } from '../../../shared/phone-numbers';
import type { Member } from '../../../shared/schemas/members';
import { recordAudit } from '../audit';
import { shopSettingsInTransaction } from '../settings';
import { walletChangeAskedEntry, walletChangeCancelledEntry, walletChangedEntry } from './member-audit';
import { approveWalletOnce, askWalletOnce, cancelWalletOnce, findMember, lockMember, type MemberRow } from './queries';
import { networkOf } from './serialize';
import { memberJson, memberNotFound, refuseSharedNumber, withSharedNumberRefused, type Admin } from './service';
import { walletChangeAskedText, walletChangedText } from './wallet-texts';

/**
 * A member's wallet number changes with two admins (docs/decisions/065-members-and-wallet-changes.md): one
 * asks, another approves, and the old number is texted each time, through the SMS outbox in the same
 * transaction: the change and its text commit together. One change waits at a time; any admin may cancel it.
 * A payout already proposed keeps the number it was proposed with (payouts.mobile).
 */

const NOTHING_WAITING = 'There is no wallet change waiting for approval.';
export const ASKER_CANNOT_APPROVE = 'Another admin must approve this change';

/** POST /members/{id}/wallet: the new number waits for another admin; her current number is told. */
export async function askWalletChange(app: FastifyInstance, admin: Admin, id: string, mobile: string): Promise<Member> {
  if (!isUuid(id)) throw memberNotFound();
  await withSharedNumberRefused(() =>
    app.db.transaction(async (tx) => {
      const member = await lockMember(tx, id);
      if (!member) throw memberNotFound();
      if (member.mobile === mobile)
        throw BadRequest(`${formatZambianMobile(mobile)} is already ${member.name}'s wallet number.`);
      if (member.pendingMobile)
        throw Conflict(
          `A change to ${formatZambianMobile(member.pendingMobile)} is already waiting for approval: approve or cancel it first.`,
        );
      await refuseSharedNumber(tx, mobile, id);
      const asked = (await askWalletOnce(tx, id, mobile, admin))!;
      await recordAudit(tx, admin, walletChangeAskedEntry(asked));
      await app.sms.record(tx, [
        {
          kind: 'member-wallet-change-asked',
          to: member.mobile,
          text: walletChangeAskedText(await shopSettingsInTransaction(tx), mobile),
        },
      ]);
    }),
  );
  app.sms.wake();
  return memberJson(app, id);
}

/** Why an approval moved nothing: no such member, nothing waiting, or the approver asked for it herself. */
function refusal(now: MemberRow | null, admin: Admin): Error {
  if (!now) return memberNotFound();
  if (!now.pendingMobile) return Conflict(NOTHING_WAITING);
  if (now.pendingMobileBy === admin.id) return Forbidden(ASKER_CANNOT_APPROVE);
  return Conflict('This wallet change was changed meanwhile: read it again before approving.');
}

/**
 * PUT /members/{id}/wallet/approve: one conditional update (approveWalletOnce). The asker gets 403; of two
 * approvers at once one gets 200 and the other 409. Her old number is texted that her payouts now go elsewhere.
 */
export async function approveWalletChange(app: FastifyInstance, admin: Admin, id: string): Promise<Member> {
  if (!isUuid(id)) throw memberNotFound();
  await withSharedNumberRefused(() =>
    app.db.transaction(async (tx) => {
      const seen = await findMember(tx, id);
      if (!seen?.pendingMobile || seen.pendingMobileBy === admin.id) throw refusal(seen, admin);
      const from = { mobile: seen.mobile, pendingMobile: seen.pendingMobile };
      await refuseSharedNumber(tx, from.pendingMobile, id, true);
      const approved = await approveWalletOnce(tx, id, from, networkOf(from.pendingMobile), admin);
      if (!approved) throw refusal(await findMember(tx, id), admin);
      await recordAudit(tx, admin, walletChangedEntry(seen, approved));
      await app.sms.record(tx, [
        {
          kind: 'member-wallet-changed',
          to: from.mobile,
          text: walletChangedText(await shopSettingsInTransaction(tx), approved.mobile),
        },
      ]);
    }),
  );
  app.sms.wake();
  return memberJson(app, id);
}

/** DELETE /members/{id}/wallet: any admin calls off the waiting change (nothing was changed, nothing is texted). */
export async function cancelWalletChange(app: FastifyInstance, admin: Admin, id: string): Promise<Member> {
  if (!isUuid(id)) throw memberNotFound();
  await app.db.transaction(async (tx) => {
    const before = await lockMember(tx, id);
    if (!before) throw memberNotFound();
    if (!before.pendingMobile) throw Conflict('There is no wallet change waiting to cancel.');
    await cancelWalletOnce(tx, id);
    await recordAudit(tx, admin, walletChangeCancelledEntry(before));
  });
  return memberJson(app, id);
}
