import { describe } from 'vitest';
import { lateApprovalCases, useLateApprovalShop } from './test/late-approval-cases';

/**
 * A prompt approved after the shop ended its attempt is recorded, never dropped
 * (docs/decisions/029-late-approvals.md). Two instances on PostgreSQL: late-approvals.pg.test.ts.
 */
const shop = useLateApprovalShop(1);

describe('late approvals through the simulator', () => {
  lateApprovalCases(shop);
});
