import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden, NotFound } from '../../lib/http-errors';
import { ussdStepSchema } from '../../../shared/schemas/ussd';
import { draw, type Answer } from '../../../shared/ussd-screen';
import { answerStep } from './session';
import { textsIn } from '../../../shared/ussd-texts';
import type { createPromptSender } from './prompts';

const digest = (value: string) => createHash('sha256').update(value).digest();

function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Africa's Talking's step is a short form; a body past this is not one. */
const STEP_BODY_LIMIT = 8_192;

/**
 * POST /api/ussd/{secret}: Africa's Talking's callback (docs/api.md). Off (404) when USSD_CALLBACK_SECRET
 * is unset; a wrong secret is a 403 (the gateway ends the session). The answer is text/plain CON/END within
 * USSD_ANSWER_SECONDS: past it the caller is told to dial again, and the step finishes behind (its answer
 * is kept for the step sent again).
 */
export default async function ussdRoutes(
  app: FastifyInstance,
  { prompts }: { prompts: ReturnType<typeof createPromptSender> },
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: STEP_BODY_LIMIT },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) if (!(key in fields)) fields[key] = value;
      done(null, fields);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/:secret',
    {
      bodyLimit: STEP_BODY_LIMIT,
      schema: {
        tags: ['ussd'],
        summary: "Africa's Talking USSD callback: one step of a session, answered CON (wait) or END (close)",
        consumes: ['application/x-www-form-urlencoded'],
        params: z.object({ secret: z.string().max(200) }),
        body: ussdStepSchema,
        response: { 200: z.string() },
      },
      onRequest: async (request) => {
        const settings = app.config.ussd;
        if (!settings) throw NotFound('Not found');
        const { secret } = request.params as { secret?: string };
        if (!secret || !sameSecret(secret, settings.secret)) throw Forbidden('Wrong address');
      },
    },
    async (request, reply) => {
      const settings = app.config.ussd!;
      const work = answerStep(app, request.body);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), settings.answerMs);
      });
      const result = await Promise.race([work, late]).finally(() => clearTimeout(timer));
      // The step goes on after a late answer: an order it places still gets its prompt.
      void work
        .then((done) => {
          if (done.placedOrderId) prompts.schedule(request.body.sessionId, settings.promptDelayMs + 100);
        })
        .catch((error) => request.log.error({ err: error }, 'USSD step failed'));
      const answer: Answer = result ? result.answer : draw('END', [textsIn('en', {})('busy')]);
      if (!result) request.log.warn('USSD step answered late: the caller was asked to dial again');
      return reply.type('text/plain; charset=utf-8').send(answer);
    },
  );
}
