import { describe } from 'vitest';
import { refundRaceCases } from './test/refund-race-cases';
import { useRefundShop } from './test/refund-shop';

/** The races on PostgreSQL (npm run test:pg), where the two requests really run on two connections at once. */
describe('refunds at once, PostgreSQL', () => {
  refundRaceCases(useRefundShop({ refundApproval: { kind: 'always' } }));
});
