import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// STUB to be replaced by the mail feature.
export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  /** Records the messages as pending (one row each) and answers their ids. */
  queue(messages: OutgoingMail[], batchId?: string): Promise<string[]>;
  /** Sends recorded messages one by one, recording each outcome. */
  deliver(ids: string[]): Promise<{ sent: string[]; failed: string[] }>;
  /** queue + deliver in the background, for use after a transaction commits; never throws. */
  sendLater(messages: OutgoingMail[]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(async function mailPlugin(_app: FastifyInstance) {}, { name: 'mail', dependencies: ['db'] });
