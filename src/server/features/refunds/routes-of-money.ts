import type { FastifyInstance } from 'fastify';
import type { RefundRoute } from '../../../shared/refunds';
import { refundRouteFor } from '../payments';

/** How a refund of a provider collection travels, by the collection's provider. */
export type RouteOfCollection = (provider: string) => RefundRoute;

/**
 * The routes the shop's settings allow now (docs/decisions/032-refunds-sent-once.md): through the
 * provider when its refund settings are set (MTN refund, Airtel disbursement), else by hand.
 */
export function routesOfMoney(app: FastifyInstance): RouteOfCollection {
  const settings = app.config.paymentProviders;
  return (provider) => refundRouteFor(provider, settings);
}
