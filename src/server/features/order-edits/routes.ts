import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  editOrderSchema,
  editSideSchema,
  orderEditPreviewSchema,
  orderEditResultSchema,
  previewOrderEditSchema,
} from '../../../shared/schemas/order-edits';
import { orderIdParamsSchema } from '../../../shared/schemas/orders';
import { isUuid } from '../../lib/ids';
import { editOrder, previewOrderEdit } from './service';
import { editsOfOrder } from './queries';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

const orderEditListSchema = z.array(
  z.object({
    _id: z.string(),
    editedBy: z.object({ _id: z.string().nullable(), name: z.string() }),
    note: z.string(),
    before: editSideSchema,
    after: editSideSchema,
    differenceNgwee: z.number().int(),
    balanceDueNgwee: z.number().int(),
    refundId: z.string().nullable(),
    createdAt: z.string(),
  }),
);

/** Admins change an order before it leaves (docs/decisions/070-order-edits.md). */
const orderEditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/edit/preview',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary:
          'Admin: what an edit of the order would do (lines, totals, difference, stock problems); writes nothing',
        description:
          'The body is the whole order as it is to be. 409 when the order has shipped, been collected or delivered, or is cancelled.',
        security,
        params: orderIdParamsSchema,
        body: previewOrderEditSchema,
        response: { 200: orderEditPreviewSchema, ...errors },
      },
    },
    async (request) => previewOrderEdit(app, request.params.id, request.body),
  );

  app.post(
    '/:id/edit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Admin: change the lines, quantities and delivery of an order before it leaves',
        description:
          'Totals recomputed, stock moved and the shopper told in one transaction. A paid order whose total rises owes a ' +
          'balance (balanceDueNgwee, collected by a payment prompt or PUT /orders/{id}/pay); one whose total falls is refunded the ' +
          'difference through the refunds (REFUND_APPROVAL applies). 409: the order left or was cancelled, a payment is under way, ' +
          'stock is short (stockProblems), or nothing changes.',
        security,
        params: orderIdParamsSchema,
        body: editOrderSchema,
        response: { 200: orderEditResultSchema, ...errors },
      },
    },
    async (request) => editOrder(app, request.currentUser!, request.params.id, request.body),
  );

  app.get(
    '/:id/edits',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: "Admin: the order's edits, newest first: who, why, before and after",
        security,
        params: orderIdParamsSchema,
        response: { 200: orderEditListSchema, ...errors },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) return [];
      const rows = await editsOfOrder(app.db, request.params.id);
      return rows.map((row) => ({
        _id: row.id,
        editedBy: { _id: row.editedBy, name: row.editedByName },
        note: row.note,
        before: editSideSchema.parse(row.before),
        after: editSideSchema.parse(row.after),
        differenceNgwee: row.differenceNgwee,
        balanceDueNgwee: row.balanceDueNgwee,
        refundId: row.refundId,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );
};

export default orderEditRoutes;
