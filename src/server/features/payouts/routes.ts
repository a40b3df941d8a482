import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYOUT_STUCK_HOURS } from '../../../shared/payouts';
import { errorSchema } from '../../../shared/schemas/common';
import {
  cancelRunSchema,
  payoutIdParamsSchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutRunDetailSchema,
  payoutRunListSchema,
  payoutSchema,
  proposeConflictSchema,
  proposedRunSchema,
  proposeRunSchema,
  resolvePayoutSchema,
  runListQuerySchema,
  sentByHandSchema,
} from '../../../shared/schemas/payouts';
import {
  approveRun,
  cancelRun,
  payoutList,
  proposeRunByAdmin,
  recordSentByHand,
  resolvePayout,
  runDetail,
  runList,
} from './service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['payouts'];

/** Members' shares going out to their wallets (docs/decisions/064-member-payouts.md): admins only. */
const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payouts/runs',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary:
          'Admin: propose a payout run (201): one payout per member owed at least PAYOUT_MINIMUM, for another admin to approve',
        description:
          'period (YYYY-MM, not a month to come; absent: this month): the shares credited up to its end. Every member owed at ' +
          'least the minimum, active or not, gets one payout of all she is owed, to her current wallet, by the route her ' +
          'network takes now. skipped: the members left out with their balance (below-minimum, negative, on-its-way). 409 when ' +
          'another run waits for approval (runId), or when nobody is owed the minimum (skipped).',
        security,
        body: proposeRunSchema,
        response: { 201: proposedRunSchema, ...errors, 409: proposeConflictSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await proposeRunByAdmin(app, request.currentUser!, request.body ?? {})),
  );

  app.get(
    '/payouts/runs',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admin: payout runs newest first, with their totals and payouts per state; paged',
        security,
        querystring: runListQuerySchema,
        response: { 200: payoutRunListSchema, ...errors },
      },
    },
    async (request) => runList(app.db, request.query.page, request.query.limit),
  );

  app.get(
    '/payouts/runs/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admin: one payout run with its payouts and, per payout, its lines (order, product, quantity, amount)',
        security,
        params: payoutIdParamsSchema,
        response: { 200: payoutRunDetailSchema, ...errors },
      },
    },
    async (request) => runDetail(app.db, request.params.id),
  );

  app.put(
    '/payouts/runs/:id/approve',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Admin: approve a run another admin proposed (maker-checker); or confirm the monthly schedule's run",
        description:
          'A run the schedule proposed has no proposer: the first admin to approve it confirms it (she becomes its proposer, it ' +
          'stays proposed), and another admin approves it. 403 for the proposer; 409 when it is not waiting (approved, cancelled). ' +
          'Once approved, the shop sends each payout through its provider; by-hand ones wait for PUT /payouts/{id}/sent-by-hand.',
        security,
        params: payoutIdParamsSchema,
        response: { 200: payoutRunDetailSchema, ...errors },
      },
    },
    async (request) => approveRun(app, request.currentUser!, request.params.id),
  );

  app.put(
    '/payouts/runs/:id/cancel',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admin: call off a run before it is approved, saying why; its members are owed the money again',
        description: '409 once it was approved (or already cancelled).',
        security,
        params: payoutIdParamsSchema,
        body: cancelRunSchema,
        response: { 200: payoutRunDetailSchema, ...errors },
      },
    },
    async (request) => cancelRun(app, request.currentUser!, request.params.id, request.body.note),
  );

  app.get(
    '/payouts',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Admin: payouts newest first: one member's (memberId, for her page) or everyone's; paged",
        description: `filter: all (the default), failed (not yet dealt with), stuck (approved or on its way over ${PAYOUT_STUCK_HOURS} hours after approval: check the provider's portal).`,
        security,
        querystring: payoutListQuerySchema,
        response: { 200: payoutListSchema, ...errors },
      },
    },
    async (request) => payoutList(app.db, request.query),
  );

  app.put(
    '/payouts/:id/sent-by-hand',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary:
          'Admin: record that an approved by-hand payout was sent from the co-op’s wallet (it ends paid; she is texted)',
        description:
          'Any admin may record it; her name and note (how it was sent) are kept. 409 for a payout the shop sends itself, one ' +
          'whose run is not approved yet, or one already ended.',
        security,
        params: payoutIdParamsSchema,
        body: sentByHandSchema,
        response: { 200: payoutSchema, ...errors },
      },
    },
    async (request) => recordSentByHand(app, request.currentUser!, request.params.id, request.body.note),
  );

  app.put(
    '/payouts/:id/resolve',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admin: mark a failed payout dealt with, saying what was done; it leaves Needs attention',
        description:
          'Its shares are owed again either way (the next run takes them). 409 unless it failed and was not dealt with.',
        security,
        params: payoutIdParamsSchema,
        body: resolvePayoutSchema,
        response: { 200: payoutSchema, ...errors },
      },
    },
    async (request) => resolvePayout(app, request.currentUser!, request.params.id, request.body.note),
  );
};

export default payoutRoutes;
