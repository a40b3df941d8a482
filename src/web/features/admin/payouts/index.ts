/** Payouts' public entry inside the back office: a member's page lists her payouts; Needs attention links failed ones. */
export { MemberPayouts } from './member-payouts';
export { runPath } from './run-path';
export { routeWords } from './payout-words';
