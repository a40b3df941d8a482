import type { FastifyInstance } from 'fastify';
import { TooManyRequests } from '../../lib/http-errors';
import { takeLimitedUse } from '../limits';

const MINUTE = 60_000;

/**
 * Every code a shopper tries (the check, or an order carrying a code) takes one use of two limits kept on
 * the database every instance shares: per customer, tight enough that guessing is hopeless; per address,
 * generous, because many shoppers reach us through one carrier address. Decision 041.
 */
export const CODE_TRY_LIMITS = {
  customer: { max: 20, windowMs: 15 * MINUTE },
  address: { max: 300, windowMs: 15 * MINUTE },
};

export const TOO_MANY_CODES = (minutes: number) =>
  `Too many codes tried. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export async function takeCodeTry(app: FastifyInstance, customerId: string, address: string | undefined) {
  const tries = [
    { key: `discount-code customer ${customerId}`, ...CODE_TRY_LIMITS.customer },
    ...(address ? [{ key: `discount-code address ${address}`, ...CODE_TRY_LIMITS.address }] : []),
  ];
  for (const limit of tries) {
    const taken = await takeLimitedUse(app.db, limit.key, limit.windowMs, limit.max);
    if (!taken.taken) throw TooManyRequests(TOO_MANY_CODES(Math.max(1, Math.ceil(taken.waitMs / MINUTE))));
  }
}
