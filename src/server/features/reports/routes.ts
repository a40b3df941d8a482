import { Readable, pipeline } from 'node:stream';
import { constants as zlibConstants, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  exportRangeQuerySchema,
  monthlyReportSchema,
  monthQuerySchema,
  ordersExportQuerySchema,
} from '../../../shared/schemas/reports';
import { memberMonthReportSchema } from '../../../shared/schemas/member-reports';
import { memberMonthReport, memberMonthReportCsv } from './member-report';
import {
  currentShopMonth,
  customersCsv,
  exportFileName,
  exportRowCount,
  monthlyReport,
  monthlyReportCsv,
  ordersCsv,
  EXPORT_GIVE_WAY,
  productsCsv,
  type ExportKind,
} from './service';
import type { DayRange } from './queries';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const csvAnswer = {
  200: { description: 'CSV, UTF-8 starting with a byte order mark', content: { 'text/csv': { schema: z.string() } } },
  ...errors,
};

/** The client takes gzip unless it says q=0; CSV shrinks to a fifth or less, which counts on a phone's data. */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (!q || Number(q.slice(2)) > 0);
  });
}

function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  body: AsyncIterable<string> | string,
  rows?: number,
) {
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  reply.header('cache-control', 'no-store');
  reply.header('vary', 'accept-encoding');
  // Data rows to come (without the header), so the back office can show how far a long download has got.
  if (rows !== undefined) reply.header('x-row-count', String(rows));
  // objectMode off: the stream holds about 16 KB before it stops asking the database for the next batch.
  const source =
    typeof body === 'string'
      ? Readable.from([body], { objectMode: false })
      : Readable.from(body, { objectMode: false });
  if (!acceptsGzip(request)) return reply.send(source);
  reply.header('content-encoding', 'gzip');
  // Flushed after every batch, so a long export arrives as it is read instead of in one piece at the end.
  const gzip = createGzip({ flush: zlibConstants.Z_SYNC_FLUSH });
  pipeline(source, gzip, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
      request.log.error({ err: error }, 'CSV export failed part way');
  });
  return reply.send(gzip);
}

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const pace = { giveWay: EXPORT_GIVE_WAY[app.database.kind] };
  app.get(
    '/monthly',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['reports'],
        summary:
          'Admin: sales of one month (Africa/Lusaka): gross, VAT, shipping, cancelled, paid and unpaid, by payment method',
        description: 'month is YYYY-MM; this month when left out. Amounts in kwacha, as stored on the orders.',
        security,
        querystring: monthQuerySchema,
        response: { 200: monthlyReportSchema, ...errors },
      },
    },
    async (request) => monthlyReport(app.db, request.query.month ?? currentShopMonth()),
  );

  app.get(
    '/monthly.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['reports'],
        summary: 'Admin: the monthly sales report as CSV (UTF-8 with BOM; money as 1234.50)',
        security,
        querystring: monthQuerySchema,
        response: csvAnswer,
      },
    },
    async (request, reply) => {
      const month = request.query.month ?? currentShopMonth();
      return sendCsv(request, reply, `sales-report-${month}.csv`, monthlyReportCsv(await monthlyReport(app.db, month)));
    },
  );

  app.get(
    '/members',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['reports'],
        summary:
          "Admin: each member's shares of one month (Africa/Lusaka): earned, taken back by refunds, net, paid out, owed at the month's end; the co-op fund's line and totals",
        description:
          'month is YYYY-MM; this month when left out. Amounts in ngwee. A sale credit or refund debit counts in the month it was written, ' +
          "a payout in the month it ended successful; owed is the member's ledger up to the month's end less her payouts paid by then.",
        security,
        querystring: monthQuerySchema,
        response: { 200: memberMonthReportSchema, ...errors },
      },
    },
    async (request) => memberMonthReport(app.db, request.query.month ?? currentShopMonth()),
  );

  app.get(
    '/members.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['reports'],
        summary: "Admin: the members' shares of one month as CSV (UTF-8 with BOM; money as 1234.50)",
        security,
        querystring: monthQuerySchema,
        response: csvAnswer,
      },
    },
    async (request, reply) => {
      const month = request.query.month ?? currentShopMonth();
      return sendCsv(
        request,
        reply,
        `member-shares-${month}.csv`,
        memberMonthReportCsv(await memberMonthReport(app.db, month)),
      );
    },
  );

  const exportRoute = (
    kind: ExportKind,
    summary: string,
    write: (range: DayRange) => AsyncIterable<string>,
    schema: typeof exportRangeQuerySchema,
  ) =>
    app.get(
      `/${kind}.csv`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['reports'],
          summary,
          description:
            "from and to are days (YYYY-MM-DD) on the co-op's clock, Africa/Lusaka, both included; at most 5 years. Streamed: UTF-8 with BOM, ISO 8601 dates with offset, money as 1234.50 (kwacha); X-Row-Count says how many rows follow the header; gzip when accepted.",
          security,
          querystring: schema,
          response: csvAnswer,
        },
      },
      async (request, reply) => {
        const range: DayRange = { from: request.query.from, to: request.query.to };
        const rows = await exportRowCount(app.db, kind, range);
        return sendCsv(request, reply, exportFileName(kind, range), write(range), rows);
      },
    );

  exportRoute(
    'orders',
    'Admin: orders placed in a date range, one row per order line (CSV)',
    (range) => ordersCsv(app.db, range, pace),
    ordersExportQuerySchema,
  );
  exportRoute(
    'customers',
    'Admin: registered customers, with orders and amount spent; range on registration (CSV)',
    (range) => customersCsv(app.db, range, pace),
    exportRangeQuerySchema,
  );
  exportRoute(
    'products',
    'Admin: all products; range optional, on creation (CSV)',
    (range) => productsCsv(app.db, range, pace),
    exportRangeQuerySchema,
  );
};

export default reportRoutes;
