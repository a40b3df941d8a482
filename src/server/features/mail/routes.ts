import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, messageSchema } from '../../../shared/schemas/common';
import {
  bulkEmailResultSchema,
  bulkEmailSchema,
  CONTACT_MESSAGES_PER_WINDOW,
  CONTACT_WINDOW_MINUTES,
  contactMessageSchema,
} from '../../../shared/schemas/mail';
import { contactMessages } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { getShopSettings } from '../settings';
import { contactNotification, sendBulkEmail } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin and opted into per route: only the public contact form is throttled here.
  await app.register(rateLimit, {
    global: false,
    // On PostgreSQL every instance counts in one table; on the embedded database in memory.
    store: sharedRateLimitStore(app),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many messages from your address. Please try again in ${context.after}.`),
  });

  app.post(
    '/email/bulk',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['mail'],
        summary: 'Send one e-mail per recipient (nobody sees another address); each outcome is recorded',
        body: bulkEmailSchema,
        response: {
          200: bulkEmailResultSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await sendBulkEmail(app.outbox, request.body);
      if (result.sent === 0) return reply.status(502).send({ message: 'Failed to send email. Please try again.' });
      return { message: `Email sent to ${result.sent} customer(s)`, ...result };
    },
  );

  app.post(
    '/contact',
    {
      config: { rateLimit: { max: CONTACT_MESSAGES_PER_WINDOW, timeWindow: CONTACT_WINDOW_MINUTES * 60_000 } },
      schema: {
        tags: ['mail'],
        summary: 'Contact form: stores the message and mails it to the cooperative (Reply-To the sender)',
        body: contactMessageSchema,
        response: { 201: messageSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await app.db.insert(contactMessages).values(request.body);
      const shopEmail = app.config.shopEmail ?? (await getShopSettings(app.db)).email;
      // The stored rows are the record; delivery runs in the background so a slow SMTP server never delays the visitor.
      await app.outbox.sendLater([contactNotification(request.body, shopEmail)]);
      return reply.status(201).send({ message: 'Message sent successfully!' });
    },
  );
};

export default routes;
