import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import { myEarningsSchema } from '../../../shared/schemas/member-reports';
import { API_PAYOUTS_SHOWN } from '../../../shared/member-earnings';
import { NotFound } from '../../lib/http-errors';
import { memberEarnings } from './member-report';

/** The member's own view (docs/decisions/066-member-earnings-reports.md): mounted at /api/me. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/earnings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['members'],
        summary: "A co-op member: her own balance owed, this month's earnings and her last payouts",
        description:
          "She is the active member whose wallet number is the signed-in account's confirmed sign-in number; nothing is taken " +
          'from the request, so no one reads another member. 404 when no active member uses that number (or the account has none). ' +
          `Amounts in ngwee; the last ${API_PAYOUTS_SHOWN} payouts, newest first.`,
        security: [{ bearerAuth: [] }],
        response: { 200: myEarningsSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const mobile = request.currentUser!.mobile;
      const earnings = mobile ? await memberEarnings(app.db, mobile, { payouts: API_PAYOUTS_SHOWN }) : undefined;
      if (!earnings) throw NotFound('No co-op member uses this number');
      return earnings;
    },
  );
};

export default meRoutes;
