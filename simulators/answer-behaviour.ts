import type { FastifyReply } from 'fastify';
import type { SimulatorState } from './state';

/**
 * The bad days a tester can ask for before an API answers: a 500, or a slow answer. True when the reply
 * was already sent (the 500), so the route stops.
 */
export async function misbehave(state: SimulatorState, phone: string, reply: FastifyReply): Promise<boolean> {
  const behaviour = state.behaviourFor(phone);
  if (behaviour.answer === 'error-500') {
    await reply.code(500).send({ code: 'INTERNAL_PROCESSING_ERROR', message: 'Simulated provider failure.' });
    return true;
  }
  if (behaviour.answer === 'slow' && behaviour.slowMs > 0)
    await new Promise((resolve) => setTimeout(resolve, behaviour.slowMs));
  return false;
}
