import QRCode from 'qrcode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fiscalTotals, type FiscalLine } from '../../../shared/fiscal-invoice';
import { orderReference } from '../../../shared/order-status';
import { errorSchema } from '../../../shared/schemas/common';
import {
  fiscalItemListQuerySchema,
  fiscalItemListSchema,
  fiscalItemSchema,
  fiscalListQuerySchema,
  fiscalListSchema,
  fiscalReceiptParamsSchema,
  fiscalRetrySchema,
  fiscalSubmissionParamsSchema,
  itemClassListSchema,
  itemClassQuerySchema,
  itemClassRefreshSchema,
  pickItemClassParamsSchema,
  vatReportQuerySchema,
  vatReportSchema,
  type FiscalSubmission,
} from '../../../shared/schemas/fiscal';
import { Conflict, NotFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { countsByStatus, FISCAL_PAGE_SIZE, listSubmissions, qrCodeUrlOf } from './admin-queries';
import { deviceKey } from './fiscal-settings';
import { deviceRow, findSubmission, type SubmissionRow } from './queries';
import { listFiscalItems, pickItemClass, refreshItemClasses, searchItemClasses } from './item-classes';
import { vatReport } from './vat-report';
import type { FiscalService } from './fiscal-plugin';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const SIGNATURE = /^[A-Za-z0-9]{1,64}$/;

function toSubmissionJson(row: SubmissionRow): FiscalSubmission {
  const lines = row.lines as unknown as FiscalLine[];
  return {
    _id: row.id,
    kind: row.kind as FiscalSubmission['kind'],
    orderId: row.orderId,
    orderReference: orderReference(row.orderId),
    invoiceNo: row.invoiceNo,
    status: row.status as FiscalSubmission['status'],
    sends: row.sends,
    resultCd: row.resultCd,
    lastError: row.lastError,
    totalNgwee: fiscalTotals(row.kind === 'stock' ? lines.filter((l) => !l.delivery) : lines).totalNgwee,
    receiptNo: row.rcptNo,
    nextTryAt: row.nextTryAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

const OFF = 'Smart Invoice is off (SMART_INVOICE): nothing is sent to ZRA';

function on(fiscal: FiscalService | null): FiscalService {
  if (!fiscal) throw Conflict(OFF);
  return fiscal;
}

/**
 * ZRA Smart Invoice's routes (docs/decisions/062-smart-invoice.md): the receipt's QR code for anyone who
 * holds the receipt, and for admins the reports not yet done, with the device's words and a retry.
 */
const fiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fiscal-receipts/:signature/qr.svg',
    {
      schema: {
        tags: ['smart invoice'],
        summary: "A signed receipt's QR code as SVG (the link to ZRA's receipt page), by the receipt's signature",
        description:
          'The signature is printed on the receipt beside the code; anyone holding the receipt may draw its code. 404 for a ' +
          'signature of no receipt issued here.',
        params: fiscalReceiptParamsSchema,
        response: {
          200: { description: 'SVG', content: { 'image/svg+xml': { schema: z.string() } } },
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { signature } = request.params;
      const url = SIGNATURE.test(signature) ? await qrCodeUrlOf(app.db, signature) : null;
      if (!url) throw NotFound('No receipt with this signature');
      const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      reply.header('content-type', 'image/svg+xml; charset=utf-8');
      // A receipt never changes: its code may be kept for good.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(svg);
    },
  );

  app.get(
    '/fiscal/submissions',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['smart invoice'],
        summary: 'Admin: reports to the VSDC by status (open: pending and failed, newest first), with counts',
        description:
          "enabled false when SMART_INVOICE is off (then nothing is listed). A failed report carries the device's result code " +
          'and words; a pending one why it was not sent yet (the device away) and when it is tried again.',
        security,
        querystring: fiscalListQuerySchema,
        response: { 200: fiscalListSchema, ...errors },
      },
    },
    async (request) => {
      const fiscal = app.fiscal;
      if (!fiscal)
        return {
          enabled: false,
          device: null,
          counts: { pending: 0, failed: 0, done: 0 },
          submissions: [],
          page: 1,
          pages: 1,
        };
      const device = deviceKey(fiscal.settings);
      const { rows, total } = await listSubmissions(app.db, device, request.query.status, request.query.page);
      return {
        enabled: true,
        device: {
          tpin: fiscal.settings.tpin,
          branchId: fiscal.settings.branchId,
          sdcId: (await deviceRow(app.db, device))?.sdcId ?? null,
        },
        counts: await countsByStatus(app.db, device),
        submissions: rows.map(toSubmissionJson),
        page: request.query.page,
        pages: Math.max(1, Math.ceil(total / FISCAL_PAGE_SIZE)),
      };
    },
  );

  app.post(
    '/fiscal/submissions/:id/retry',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['smart invoice'],
        summary: 'Admin: send a failed report again, with the failed reports that wait on it, at their places in line',
        description: '404 unknown report; 409 a report that is not failed, or Smart Invoice off.',
        security,
        params: fiscalSubmissionParamsSchema,
        response: { 200: fiscalRetrySchema, ...errors },
      },
    },
    async (request) => {
      const fiscal = on(app.fiscal);
      const { id } = request.params;
      const row = isUuid(id) ? await findSubmission(app.db, id) : null;
      if (!row) throw NotFound('Report not found');
      if (row.status !== 'failed') throw Conflict(`This report is ${row.status}: only a failed one is sent again`);
      const retried = await fiscal.retry(id);
      if (retried.length === 0) throw Conflict('This report is no longer failed');
      request.log.info(
        { submission: id, retried: retried.length, admin: request.currentUser?.id },
        'fiscal report retried',
      );
      return { retried: retried.map(toSubmissionJson) };
    },
  );

  app.get(
    '/fiscal/item-classes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['smart invoice'],
        summary: "Admin: ZRA's item classifications the shop keeps, 50 at most, by code prefix or words of the name",
        security,
        querystring: itemClassQuerySchema,
        response: { 200: itemClassListSchema, ...errors },
      },
    },
    async (request) => searchItemClasses(app.db, request.query.q),
  );

  app.post(
    '/fiscal/item-classes/refresh',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['smart invoice'],
        summary: 'Admin: read the classification list from the VSDC again and keep it',
        description: '409 when Smart Invoice is off, or the VSDC is away or refuses (its words in the message).',
        security,
        response: { 200: itemClassRefreshSchema, ...errors },
      },
    },
    async (request) => refreshItemClasses(app.db, on(app.fiscal), request.log),
  );

  app.get(
    '/fiscal/items',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['smart invoice'],
        summary:
          'Admin: the products (and the delivery line) with the classification picked and the one the VSDC holds',
        security,
        querystring: fiscalItemListQuerySchema,
        response: { 200: fiscalItemListSchema, ...errors },
      },
    },
    async (request) => listFiscalItems(app.db, on(app.fiscal).settings, request.query.page),
  );

  app.put(
    '/fiscal/items/:id/class/:itemClsCd',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['smart invoice'],
        summary:
          'Admin: pick a product\'s classification (id "delivery" for the delivery line); its next sale registers it',
        description:
          '404 unknown product; 409 a code the kept list does not hold, or no longer uses, or Smart Invoice off.',
        security,
        params: pickItemClassParamsSchema,
        response: { 200: fiscalItemSchema, ...errors },
      },
    },
    async (request) => pickItemClass(app.db, on(app.fiscal).settings, request.params.id, request.params.itemClsCd),
  );

  app.get(
    '/fiscal/vat-report',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['smart invoice'],
        summary:
          "Admin: a month's VAT as the ZRA receipts say it, beside the orders paid and refunds made, with each difference",
        security,
        querystring: vatReportQuerySchema,
        response: { 200: vatReportSchema, ...errors },
      },
    },
    async (request) => vatReport(app.db, on(app.fiscal).settings, request.query.month),
  );
};

export default fiscalRoutes;
