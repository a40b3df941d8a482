import type { FastifyInstance } from 'fastify';
import { createPromptSender } from './prompts';
import ussdRoutes from './routes';
import translationRoutes from './translation-routes';

/** Ordering by USSD (issue 31): the gateway's callback under /api/ussd and the payment prompts that follow. */
export default async function ussdPlugin(app: FastifyInstance) {
  const prompts = createPromptSender(app);
  if (app.config.ussd) {
    app.addHook('onReady', async () => prompts.start());
  }
  app.addHook('onClose', async () => prompts.stop());
  await app.register(ussdRoutes, { prompts });
  await app.register(translationRoutes);
}
