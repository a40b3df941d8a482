/** Members' public entry inside the back office: the product editor names makers, payouts show whose wallet. */
export { MEMBERS_QUERY_ROOT, useMembers } from './api';
export { kwachaOf, walletWords } from './member-words';
export { memberPath } from './member-list';
