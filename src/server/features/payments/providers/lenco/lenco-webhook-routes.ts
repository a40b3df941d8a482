import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../../shared/schemas/common';
import type { SignedCallbackOptions } from '../signed-callback';
import { isLencoSignatureValid } from './lenco-signature';

/** Lenco's webhook is a collection object in a small envelope; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 32 * 1024;

/**
 * POST /payments/callback/lenco: Lenco's webhook (docs/providers/lenco-api.md §5). The raw body's
 * signature is checked before anything is parsed; a missing or wrong one is refused with 401 and logged.
 * A good one is acknowledged at once (Lenco re-sends anything slower) and only makes us read the named
 * collection's status, like MTN's and Airtel's callbacks: its own status field decides nothing, and a
 * replayed one costs at most a read per callback gap.
 */
const lencoWebhookRoutes: FastifyPluginAsyncZod<SignedCallbackOptions> = async (app, { hint }) => {
  // This plugin's own parser (encapsulated): the body stays the bytes Lenco signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/callback/lenco',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: "Lenco webhook, signed in X-Lenco-Signature: a hint to read the named collection's status",
        description:
          'HMAC-SHA512 of the raw body keyed with the hex SHA-256 of the API token. 401 when the signature is missing or ' +
          'wrong, or Lenco is not configured; 200 otherwise, whatever the body names.',
        response: { 200: z.object({}), 401: errorSchema },
      },
    },
    async (request, reply) => {
      const lenco = app.payments.settings.lenco;
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!lenco || !isLencoSignatureValid(lenco.apiToken, raw, request.headers['x-lenco-signature'])) {
        request.log.warn(
          { signed: request.headers['x-lenco-signature'] !== undefined, bytes: raw.length },
          'Lenco webhook refused: bad or missing signature',
        );
        return reply.code(401).send({ message: 'The webhook signature does not match' });
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        request.log.warn('Lenco webhook signed but not JSON');
        return {};
      }
      void hint(body).catch((error: unknown) =>
        request.log.warn({ err: error }, 'Lenco webhook could not be settled now; the poller reads it again'),
      );
      return {};
    },
  );
};

export default lencoWebhookRoutes;
