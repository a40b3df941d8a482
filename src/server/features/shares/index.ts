/**
 * The shares ledger's public entry (docs/decisions/010-module-boundaries.md, 063-member-shares.md): the app
 * registers its plugin (recorders on the order events); members, payouts and reports read the balances.
 */
export { default as sharesPlugin } from './shares-plugin';
export { syncOrderShares } from './order-shares';
export {
  memberBalances,
  MEMBER_ENTRIES_LIMIT,
  orderShares,
  shareEntriesOfMember,
  type MemberBalance,
  type OrderShares,
  type ShareEntry,
} from './balances';
