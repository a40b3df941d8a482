import { NETWORK_NAMES, type MobileNetwork } from '../../../shared/phone-numbers';
import { changedFields, type AuditEntry } from '../audit';
import type { MakerRow, MemberRow } from './queries';
import { networkOf } from './serialize';
import { maskedWallet } from './wallet-number';

/**
 * The audit trail's lines about members and who made what (docs/decisions/065-members-and-wallet-changes.md).
 * Summaries name the member and mask her wallet number (+260 97 ••• 4567); before/after keep the whole
 * number, for admins, who see it in her record anyway.
 */

const walletWords = (mobile: string, network: string) =>
  `${maskedWallet(mobile)} (${NETWORK_NAMES[network as MobileNetwork] ?? network})`;

const outline = (m: MemberRow) => ({
  name: m.name,
  role: m.role,
  mobile: m.mobile,
  network: m.network,
  active: m.active,
});

const memberEntry = (action: string, m: MemberRow, summary: string, rest: Partial<AuditEntry>): AuditEntry => ({
  action,
  subjectType: 'member',
  subjectId: m.id,
  summary,
  ...rest,
});

export const memberCreatedEntry = (m: MemberRow) =>
  memberEntry(
    'member.created',
    m,
    `New member ${m.name}${m.role ? ` (${m.role})` : ''}: wallet ${walletWords(m.mobile, m.network)}${m.active ? '' : ', inactive'}`,
    { after: outline(m) },
  );

/** The changed fields only (the name always, to know her); null when the save changed nothing. */
export function memberUpdatedEntry(before: MemberRow, after: MemberRow): AuditEntry | null {
  const shape = (m: MemberRow) => ({ name: m.name, role: m.role, active: m.active });
  const diff = changedFields(shape(before), shape(after), ['name']);
  if (!diff) return null;
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`name was ${before.name}`);
  if (before.role !== after.role) parts.push(`role ${before.role || '(none)'} → ${after.role || '(none)'}`);
  if (before.active !== after.active) parts.push(after.active ? 'made active again' : 'made inactive');
  return memberEntry('member.updated', after, `${after.name}: ${parts.join(', ')}`, diff);
}

export const walletChangeAskedEntry = (m: MemberRow) =>
  memberEntry('member.wallet-change-asked', m, `${m.name}: wallet change to ${maskedWallet(m.pendingMobile!)} asked`, {
    before: { mobile: m.mobile, network: m.network },
    after: { pendingMobile: m.pendingMobile, network: networkOf(m.pendingMobile!) },
  });

export const walletChangedEntry = (before: MemberRow, after: MemberRow) =>
  memberEntry(
    'member.wallet-changed',
    after,
    `${after.name}: wallet changed to ${walletWords(after.mobile, after.network)}, asked by ${before.pendingMobileByName ?? 'an admin'}`,
    {
      before: { mobile: before.mobile, network: before.network },
      after: { mobile: after.mobile, network: after.network, askedBy: before.pendingMobileByName },
    },
  );

export const walletChangeCancelledEntry = (before: MemberRow) =>
  memberEntry(
    'member.wallet-change-cancelled',
    before,
    `${before.name}: wallet change to ${maskedWallet(before.pendingMobile!)} cancelled`,
    {
      before: { pendingMobile: before.pendingMobile, askedBy: before.pendingMobileByName },
      after: { pendingMobile: null },
    },
  );

export interface MakersState {
  makersPercent: number | null;
  makers: Array<Pick<MakerRow, 'memberId' | 'name' | 'parts'>>;
}

const percentWords = (percent: number | null, shopDefault: number) =>
  percent === null ? `${shopDefault}% (shop default)` : `${percent}%`;

const makersWords = (makers: MakersState['makers']) =>
  makers.length === 0 ? 'none' : makers.map((m) => `${m.name} ${m.parts} part${m.parts === 1 ? '' : 's'}`).join(', ');

const sameMakers = (a: MakersState['makers'], b: MakersState['makers']) =>
  JSON.stringify(a.map((m) => [m.memberId, m.parts]).sort()) ===
  JSON.stringify(b.map((m) => [m.memberId, m.parts]).sort());

/** "Mukwa shea butter: makers Mary Mwiinga 2 parts, Bupe Phiri 1 part; makers' share 70% (shop default) → 80%"; null when nothing changed. */
export function makersChangedEntry(
  product: { id: string; name: string },
  before: MakersState,
  after: MakersState,
  shopDefault: number,
): AuditEntry | null {
  const makersChanged = !sameMakers(before.makers, after.makers);
  const percentChanged = before.makersPercent !== after.makersPercent;
  if (!makersChanged && !percentChanged) return null;
  const parts: string[] = [];
  if (makersChanged) parts.push(`makers ${makersWords(before.makers)} → ${makersWords(after.makers)}`);
  if (percentChanged)
    parts.push(
      `makers' share ${percentWords(before.makersPercent, shopDefault)} → ${percentWords(after.makersPercent, shopDefault)}`,
    );
  const shape = (s: MakersState) => ({
    makersPercent: s.makersPercent,
    makers: s.makers.map((m) => ({ memberId: m.memberId, name: m.name, parts: m.parts })),
  });
  return {
    action: 'product.makers-changed',
    subjectType: 'product',
    subjectId: product.id,
    summary: `${product.name}: ${parts.join('; ')}`,
    before: shape(before),
    after: shape(after),
  };
}
