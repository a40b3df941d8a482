import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../app';

// STUB: the demo catalogue is being written.
export async function seedDemoIfEmpty(_app: App, _log: FastifyBaseLogger): Promise<void> {}
