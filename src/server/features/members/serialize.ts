import type { MobileNetwork } from '../../../shared/phone-numbers';
import { readZambianMobile } from '../../../shared/phone-numbers';
import type { Member } from '../../../shared/schemas/members';
import type { MemberWithBalance } from './queries';

/** The network of a stored wallet number (the check constraint keeps it +260 and 9 digits). */
export function networkOf(e164: string): MobileNetwork {
  const check = readZambianMobile(e164);
  if (!check.ok) throw new Error('A stored wallet number no longer reads as a Zambian mobile');
  return check.mobile.network;
}

export function toMemberJson(row: MemberWithBalance): Member {
  return {
    _id: row.id,
    name: row.name,
    role: row.role,
    mobile: row.mobile,
    network: row.network as MobileNetwork,
    active: row.active,
    pendingWallet:
      row.pendingMobile && row.pendingMobileAt
        ? {
            mobile: row.pendingMobile,
            network: networkOf(row.pendingMobile),
            requestedBy: { _id: row.pendingMobileBy, name: row.pendingMobileByName ?? '' },
            requestedAt: row.pendingMobileAt.toISOString(),
          }
        : null,
    balanceNgwee: row.balanceNgwee,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
