import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { httpTimeouts, type AppConfig } from './config';
import type { Database } from './db/client';
import { requestLogOptions } from './lib/request-log';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import errorsPlugin, { MAX_PARAM_LENGTH, routerErrors } from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import requestInputPlugin from './plugins/request-input';
import securityPlugin from './plugins/security';
import { auditRoutes } from './features/audit';
import { backupRoutes, backupsPlugin } from './features/backups';
import { dashboardRoutes } from './features/dashboard';
import { deliveryOptionsCachePlugin, deliveryRoutes } from './features/delivery';
import { discountRoutes } from './features/discounts';
import { fiscalPlugin, fiscalRoutes } from './features/fiscal';
import { healthRoutes } from './features/health';
import { lowStockPlugin } from './features/inventory';
import { mailPlugin, mailRoutes } from './features/mail';
import { memberRoutes, productMakerRoutes } from './features/members';
import {
  orderCollectedRoutes,
  orderEventsPlugin,
  orderLinkRoutes,
  orderRoutes,
  ordersToShipRoutes,
  pickupRoutes,
  unpaidReleasePlugin,
} from './features/orders';
import { paymentRoutes, paymentsPlugin } from './features/payments';
import { payoutRoutes, payoutsPlugin } from './features/payouts';
import { catalogCachePlugin, productImportRoutes, productRoutes, variantRoutes } from './features/products';
import { refundRoutes, refundsPlugin } from './features/refunds';
import { returnOrderLinkRoutes, returnRoutes, returnsPlugin } from './features/returns';
import { orderEditRoutes } from './features/order-edits';
import { meRoutes, reportRoutes } from './features/reports';
import { settingsRoutes } from './features/settings';
import { sharesPlugin } from './features/shares';
import { smsPlugin } from './features/sms';
import { storagePlugin, uploadRoutes } from './features/uploads';
import { userRoutes } from './features/users';
import { ssrPlugin } from './features/ssr';
import { ussdPlugin } from './features/ussd';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where the server's own logger writes (standard output when absent); tests read it. */
  logStream?: DestinationStream;
}

/** Builds the whole server without listening, so tests can drive it with app.inject(). */
export async function buildApp({ config, database, logger, logStream }: BuildAppOptions) {
  const timeouts = config.httpTimeouts ?? httpTimeouts();
  const app = Fastify({
    logger: logger ?? requestLogOptions(config.logLevel, logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Half-sent requests and idle connections are closed, so slow or vanished clients cannot hold sockets forever.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node enforces the request and header limits on this beat (30 s by default, longer than the limits in tests).
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(timeouts.headersMs / 3))),
    },
    // Fastify accepts a hop count at run time (proxy-addr) though its types list only boolean and strings.
    trustProxy: (config.trustProxy ?? false) as boolean,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: routerErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(dbPlugin, { config, database });
  await app.register(errorsPlugin);
  await app.register(requestInputPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(storagePlugin);
  await app.register(orderEventsPlugin);
  await app.register(mailPlugin);
  await app.register(smsPlugin);
  await app.register(lowStockPlugin);
  await app.register(paymentsPlugin);
  await app.register(refundsPlugin);
  await app.register(returnsPlugin);
  await app.register(payoutsPlugin);
  await app.register(fiscalPlugin);
  await app.register(sharesPlugin);
  await app.register(catalogCachePlugin);
  await app.register(deliveryOptionsCachePlugin);
  await app.register(unpaidReleasePlugin);
  await app.register(backupsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(productRoutes, { prefix: '/products' });
      await api.register(variantRoutes, { prefix: '/products' });
      await api.register(productImportRoutes, { prefix: '/products' });
      await api.register(orderRoutes, { prefix: '/orders' });
      await api.register(orderEditRoutes, { prefix: '/orders' });
      await api.register(ordersToShipRoutes, { prefix: '/orders' });
      await api.register(orderLinkRoutes, { prefix: '/order-links' });
      await api.register(orderCollectedRoutes, { prefix: '/orders' });
      await api.register(pickupRoutes, { prefix: '/pickup' });
      await api.register(uploadRoutes, { prefix: '/upload' });
      await api.register(mailRoutes);
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
      await api.register(settingsRoutes, { prefix: '/settings' });
      await api.register(deliveryRoutes, { prefix: '/delivery-options' });
      await api.register(paymentRoutes);
      await api.register(refundRoutes);
      await api.register(returnRoutes);
      await api.register(returnOrderLinkRoutes, { prefix: '/order-links' });
      await api.register(memberRoutes);
      await api.register(productMakerRoutes);
      await api.register(payoutRoutes);
      await api.register(fiscalRoutes);
      await api.register(backupRoutes, { prefix: '/backups' });
      await api.register(reportRoutes, { prefix: '/reports' });
      await api.register(meRoutes, { prefix: '/me' });
      await api.register(discountRoutes, { prefix: '/discounts' });
      await api.register(auditRoutes, { prefix: '/audit' });
      await api.register(ussdPlugin, { prefix: '/ussd' });
    },
    { prefix: '/api' },
  );
  // The built web app with per-page meta tags; registers nothing when dist/web has not been built.
  await app.register(ssrPlugin);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
