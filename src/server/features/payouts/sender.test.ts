import { describe } from 'vitest';
import { senderCases } from './test/sender-cases';
import { useSendingPayouts } from './test/sending-payouts';

/**
 * Payouts sent through the simulator over HTTP and read until final (docs/decisions/064-member-payouts.md).
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set; two instances at once: sender.pg.test.ts.
 */
const shop = useSendingPayouts(1);

describe('the payout sender through the simulator', () => {
  senderCases(shop);
});
