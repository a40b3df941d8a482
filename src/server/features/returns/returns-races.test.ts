import { describe } from 'vitest';
import { returnRaceCases } from './test/return-race-cases';
import { useReturnsShop } from './test/returns-shop';

describe('returns at once, embedded database', () => {
  returnRaceCases(useReturnsShop({ refundApproval: { kind: 'off' } }));
});
