import type { FastifyInstance } from 'fastify';
import { createPromptSender } from './prompts';
import { pruneSessions } from './queries';
import ussdRoutes from './routes';
import translationRoutes from './translation-routes';

/** How often each instance deletes the sessions no longer needed (queries.ts, SESSION_KEPT_MS). */
const PRUNE_MS = 60_000;

/**
 * Ordering by USSD (issue 31): the gateway's callback under /api/ussd, the payment prompts that follow,
 * and the pruning of old sessions.
 */
export default async function ussdPlugin(app: FastifyInstance) {
  const prompts = createPromptSender(app);
  let pruner: NodeJS.Timeout | undefined;
  if (app.config.ussd) {
    app.addHook('onReady', async () => {
      prompts.start();
      pruner = setInterval(
        () => void pruneSessions(app.db).catch((error) => app.log.warn({ err: error }, 'USSD sessions not pruned')),
        PRUNE_MS,
      );
      pruner.unref();
    });
  }
  app.addHook('onClose', async () => {
    prompts.stop();
    clearInterval(pruner);
  });
  await app.register(ussdRoutes, { prompts });
  await app.register(translationRoutes);
}
