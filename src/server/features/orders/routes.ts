import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// STUB: routes of this feature are being written.
const routes: FastifyPluginAsyncZod = async () => {};
export default routes;
