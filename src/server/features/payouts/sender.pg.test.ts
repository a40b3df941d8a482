import { describe } from 'vitest';
import { senderCases } from './test/sender-cases';
import { useSendingPayouts } from './test/sending-payouts';

/**
 * Two instances on one PostgreSQL, each running its payout sender at once (npm run test:pg): every case of
 * sender.test.ts still sends each payout once and ends it once (docs/decisions/064-member-payouts.md).
 */
const shop = useSendingPayouts(2);

describe('two payout senders on one PostgreSQL', () => {
  senderCases(shop);
});
