import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  askWalletChangeSchema,
  createMemberSchema,
  memberIdParamsSchema,
  memberListQuerySchema,
  memberListSchema,
  memberSchema,
  memberSharesQuerySchema,
  memberSharesSchema,
  updateMemberSchema,
} from '../../../shared/schemas/members';
import { changeMember, createMember, memberJson, memberList, memberShares } from './service';
import { approveWalletChange, askWalletChange, cancelWalletChange } from './wallet';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** The co-op's members and their wallet numbers (docs/decisions/065-members-and-wallet-changes.md): admins only. */
const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/members',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: 'Admin: the members in name order, active and inactive, each with what she is owed now (ngwee)',
        description:
          'active=true or active=false lists only those; balanceNgwee is her share entries in no payout yet.',
        security,
        querystring: memberListQuerySchema,
        response: { 200: memberListSchema, ...errors },
      },
    },
    async (request) => memberList(app, request.query.active),
  );

  app.post(
    '/members',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: 'Admin: add a member (201), her wallet number read as a Zambian mobile and stored +260...',
        description: '409 when another member has this wallet number, or has it waiting as her new one.',
        security,
        body: createMemberSchema,
        response: { 201: memberSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createMember(app, request.currentUser!, request.body)),
  );

  app.get(
    '/members/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: 'Admin: one member, with her waiting wallet change and what she is owed now',
        security,
        params: memberIdParamsSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => memberJson(app, request.params.id),
  );

  app.get(
    '/members/:id/shares',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: "Admin: her ledger lines, newest first: each sale's share, and what refunds took back (below 0)",
        description: 'payoutId names the payout that carries a line; null: she is owed it still.',
        security,
        params: memberIdParamsSchema,
        querystring: memberSharesQuerySchema,
        response: { 200: memberSharesSchema, ...errors },
      },
    },
    async (request) => memberShares(app, request.params.id, request.query),
  );

  app.patch(
    '/members/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: 'Admin: change her name, role, or whether she is active (a member is never deleted)',
        description:
          'A wallet number is refused here (400): it changes through POST /members/{id}/wallet and another admin approves.',
        security,
        params: memberIdParamsSchema,
        body: updateMemberSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => changeMember(app, request.currentUser!, request.params.id, request.body),
  );

  app.post(
    '/members/:id/wallet',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: 'Admin: ask for a new wallet number; it waits for another admin, and her current number is texted',
        description:
          '400 when it is already her number; 409 when a change is already waiting, or another member has or awaits the number.',
        security,
        params: memberIdParamsSchema,
        body: askWalletChangeSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => askWalletChange(app, request.currentUser!, request.params.id, request.body.mobile),
  );

  app.put(
    '/members/:id/wallet/approve',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: 'Admin: approve the waiting wallet change another admin asked for; her old number is texted',
        description: '403 for the admin who asked; 409 when nothing is waiting (already approved or cancelled).',
        security,
        params: memberIdParamsSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => approveWalletChange(app, request.currentUser!, request.params.id),
  );

  app.delete(
    '/members/:id/wallet',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: 'Admin: cancel the waiting wallet change (any admin)',
        description: '409 when nothing is waiting.',
        security,
        params: memberIdParamsSchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => cancelWalletChange(app, request.currentUser!, request.params.id),
  );
};

export default memberRoutes;
