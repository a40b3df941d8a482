import { describe } from 'vitest';
import { senderCases } from './test/sender-cases';
import { useSendingShop } from './test/sending-shop';

/**
 * Refunds sent through the simulator over HTTP and read until final (docs/decisions/032-refunds-sent-once.md).
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set; two instances at once: sender.pg.test.ts.
 */
const shop = useSendingShop(1);

describe('the refund sender through the simulator', () => {
  senderCases(shop);
});
