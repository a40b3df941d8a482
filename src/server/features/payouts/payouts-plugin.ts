import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPayoutSchedule } from './schedule';
import { startPayoutSender } from './sender';
import { payoutMinimumOf } from './service';

/**
 * Member payouts' running parts (docs/decisions/064-member-payouts.md): the sender, which sends approved
 * payouts to the providers and reads sent ones until final, and the monthly schedule (PAYOUT_DAY).
 */
export default fp(
  async function payoutsPlugin(app: FastifyInstance) {
    startPayoutSender(app);
    startPayoutSchedule(app, payoutMinimumOf(app));
  },
  { name: 'payouts', dependencies: ['payments', 'sms'] },
);
