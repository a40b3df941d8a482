import { describe } from 'vitest';
import { returnRaceCases } from './test/return-race-cases';
import { useReturnsShop } from './test/returns-shop';

/** The races on PostgreSQL (npm run test:pg), where the requests really run on separate connections at once. */
describe('returns at once, PostgreSQL', () => {
  returnRaceCases(useReturnsShop({ refundApproval: { kind: 'off' } }));
});
