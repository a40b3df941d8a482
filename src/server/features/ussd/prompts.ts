import type { FastifyInstance } from 'fastify';
import { startAttempt } from '../payments';
import { takeDuePrompt } from './queries';

/** How often an instance looks for prompts no timer sent (a restart, another instance's session). */
const SWEEP_MS = 5_000;

/**
 * The payment prompt of an order placed by USSD goes a few seconds after the session ends (a phone shows
 * one USSD session at a time). It is due in the session row, written with the order; an instance takes it
 * once (an update that only one can win) and asks through payments' own attempt path, which writes the
 * attempt before asking the provider.
 */
export function createPromptSender(app: FastifyInstance) {
  const timers = new Set<NodeJS.Timeout>();
  let sweeper: NodeJS.Timeout | null = null;
  let closed = false;

  async function sendDue(sessionId?: string): Promise<void> {
    for (;;) {
      const due = await takeDuePrompt(app.db, sessionId);
      if (!due) return;
      try {
        await startAttempt(
          app.payments,
          { id: due.userId, name: '', email: '', mobile: due.mobile, isAdmin: false },
          due.orderId,
          due.mobile,
        );
      } catch (error) {
        app.log.warn({ err: error, order: due.orderId }, 'USSD payment prompt not sent; the order page can start one');
      }
      if (sessionId) return;
    }
  }

  const run = (sessionId?: string) =>
    void sendDue(sessionId).catch((error) => app.log.error({ err: error }, 'USSD payment prompts could not be read'));

  return {
    start() {
      sweeper = setInterval(() => run(), SWEEP_MS);
      sweeper.unref();
    },
    /** After the session's answer: the prompt of this session when it is due. */
    schedule(sessionId: string, delayMs: number) {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        run(sessionId);
      }, delayMs);
      timers.add(timer);
    },
    stop() {
      closed = true;
      if (sweeper) clearInterval(sweeper);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
