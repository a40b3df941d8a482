import { describe } from 'vitest';
import { refundRaceCases } from './test/refund-race-cases';
import { useRefundShop } from './test/refund-shop';

describe('refunds at once (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  refundRaceCases(useRefundShop({ refundApproval: { kind: 'always' } }));
});
