import { describe } from 'vitest';
import { senderCases } from './test/sender-cases';
import { useSendingShop } from './test/sending-shop';

/**
 * Two instances on one PostgreSQL, each running its refund sender at once (npm run test:pg): every case
 * of sender.test.ts still sends each refund once and ends it once (docs/decisions/032-refunds-sent-once.md).
 */
const shop = useSendingShop(2);

describe('two refund senders on one PostgreSQL', () => {
  senderCases(shop);
});
