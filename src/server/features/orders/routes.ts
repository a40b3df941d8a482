import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  MY_ORDERS_PAGE_SIZE,
  myOrdersQuerySchema,
  orderConflictSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  payOrderSchema,
  placeOrderSchema,
  updateOrderStatusSchema,
} from '../../../shared/schemas/orders';
import { changeOrderStatus, getOrderFor, recordPayment } from './fulfilment';
import { placeOrder } from './place-order';
import { listOrdersOfCustomer, searchOrders } from './queries';
import { toAdminOrderListJson, toOrderListJson } from './serialize';

const keyMessage = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`;
// Loose: Fastify replaces request.headers with the validated value, so every other header must pass through.
const placeOrderHeaders = z.looseObject({
  'idempotency-key': z.string().min(1, keyMessage).max(IDEMPOTENCY_KEY_MAX_LENGTH, keyMessage).optional(),
});

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (prices and stock from the database)',
        description:
          'Send an Idempotency-Key header to make a repeated submit answer the first order (200) instead of placing a second. ' +
          '409 when prices changed (with the current figures), a product is gone, or stock is short.',
        security,
        headers: placeOrderHeaders,
        body: placeOrderSchema,
        response: { 200: orderSchema, 201: orderSchema, ...errors, 409: orderConflictSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      // A repeated Idempotency-Key answers the first order again; only a new one announces 'order.placed'.
      const { order, created } = await placeOrder(app, request.currentUser!, request.body, key, {
        address: request.ip,
      });
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/myorders',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: `The signed-in customer's orders, newest first, ${MY_ORDERS_PAGE_SIZE} per page`,
        security,
        querystring: myOrdersQuerySchema,
        response: { 200: z.array(orderSchema), ...errors },
      },
    },
    async (request) => {
      const list = await listOrdersOfCustomer(app.db, request.currentUser!.id, request.query.page, MY_ORDERS_PAGE_SIZE);
      return toOrderListJson(list);
    },
  );

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'All orders (admin): search by order id, customer name or e-mail; filter by status; paged',
        security,
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema, ...errors },
      },
    },
    async (request) => {
      const { keyword, status, page, limit } = request.query;
      const found = await searchOrders(app.db, { keyword, status, page, limit });
      return {
        orders: toAdminOrderListJson(found.orders),
        page,
        pages: Math.max(1, Math.ceil(found.total / limit)),
        totalOrders: found.total,
      };
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'One order: its owner or an admin (404 for anyone else)',
        security,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => getOrderFor(app, request.currentUser!, request.params.id),
  );

  app.put(
    '/:id/pay',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'Admin: mark paid with the payment result and a reason (note). Owner: attach a payment reference only (stays unpaid)',
        description:
          "An admin's mark records who, when and the note (shown to admins as markedPaid). An order already paid is answered " +
          'unchanged, or 409 when a note is sent. 409 for a cancelled order.',
        security,
        params: orderIdParamsSchema,
        body: payOrderSchema,
        response: { 200: orderSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      // Only an admin can make an order paid ('order.paid'); an owner's payment reference leaves it unpaid.
      return recordPayment(app, request.currentUser!, request.params.id, request.body ?? {});
    },
  );

  app.put(
    '/:id/deliver',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Mark delivered (status Delivered); a cancelled order takes its stock again',
        security,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors, 409: orderConflictSchema },
      },
    },
    async (request) => changeOrderStatus(app, request.params.id, 'Delivered', request.currentUser!),
  );

  app.put(
    '/:id/status',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Set the status; Cancelled returns stock once, leaving Cancelled takes it again',
        security,
        params: orderIdParamsSchema,
        body: updateOrderStatusSchema,
        response: { 200: orderSchema, ...errors, 409: orderConflictSchema },
      },
    },
    async (request) => changeOrderStatus(app, request.params.id, request.body.status, request.currentUser!),
  );
};

export default orderRoutes;
