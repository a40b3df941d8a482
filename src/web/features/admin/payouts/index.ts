/** Payouts' public entry inside the back office: a member's page lists her payouts. */
export { MemberPayouts } from './member-payouts';
