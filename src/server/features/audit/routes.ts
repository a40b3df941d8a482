import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListSchema } from '../../../shared/schemas/audit';
import { errorSchema } from '../../../shared/schemas/common';
import { listAuditEvents } from './service';

/** Read only, on purpose: the trail has no route that writes, and its table refuses updates and deletes. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'Admin: the audit trail of admin actions on money, stock and people, newest first; filtered and paged',
        description:
          'Each line: when, which admin, what (action, subject), a summary, and the changed fields before and after. ' +
          'Filters combine: action (or a prefix ending in a dot), subjectType, subjectId, actor (admin id), from/to, q (words of the summary).',
        security: [{ bearerAuth: [] }],
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => listAuditEvents(app.db, request.query),
  );
};

export default auditRoutes;
