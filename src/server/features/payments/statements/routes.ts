import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../shared/schemas/common';
import {
  paymentSummaryQuerySchema,
  paymentSummarySchema,
  STATEMENT_MAX_CHARACTERS,
  STATEMENT_MAX_ROWS,
  statementNoteInputSchema,
  statementNoteSchema,
  statementReconciliationSchema,
  statementUploadSchema,
} from '../../../../shared/schemas/statements';
import {
  markDealtWith,
  MATCHED_LINES_LISTED,
  paymentSummary,
  paymentSummaryCsv,
  reconcileStatement,
  summaryRange,
} from './service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** A provider's statement set against the shop, and the daily money summary (docs/decisions/031-statement-reconciliation.md). */
const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments/statements',
    {
      onRequest: app.requireAdmin,
      // The text travels inside JSON, where quotes and line breaks take two characters each.
      bodyLimit: 2 * STATEMENT_MAX_CHARACTERS + 64 * 1024,
      schema: {
        tags: ['payments'],
        summary:
          "Admin: check a provider's statement (CSV) against the shop's payments and members' payouts; nothing is stored or changed",
        description:
          "provider: mtn or airtel; csv: the text of the statement exported from the provider's merchant portal (the header row may " +
          `follow up to 9 title lines; columns found by name, see docs/operations/payments.md); from/to: the period (YYYY-MM-DD, shop ` +
          `time), the statement's first and last day when left out. At most ${STATEMENT_MAX_ROWS.toLocaleString('en-US')} rows. ` +
          'Answers each line and each payment collected in the period as matched, not-in-shop (no payment, or one the shop does not ' +
          'have as collected), amount-differs, or not-on-statement; money out (a negative amount, or a line naming a payout by our ' +
          "reference or the provider's id) likewise against the members' payouts paid through this provider, in payouts; lines " +
          'naming a refund are counted in skipped. Differences come with any "dealt with" note. Matched lines beyond ' +
          `the first ${MATCHED_LINES_LISTED} are counted, not listed. 400 names a missing column, a row that cannot be read, or a file that is not CSV text.`,
        security,
        body: statementUploadSchema,
        response: { 200: statementReconciliationSchema, ...errors },
      },
    },
    async (request) => reconcileStatement(app.db, request.body),
  );

  app.put(
    '/payments/statements/notes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['payments'],
        summary: 'Admin: record that a statement difference was dealt with (what was done, in the note)',
        description:
          "key: the statement line's transaction id, or the payment's or payout's reference for one not on the statement (the item's key). " +
          'The note shows on that item on every later upload; 409 when it already has one.',
        security,
        body: statementNoteInputSchema,
        response: { 200: statementNoteSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => markDealtWith(app.db, request.currentUser!, request.body),
  );

  app.get(
    '/payments/summary',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['payments'],
        summary: 'Admin: collections, refunds and net per day (shop time) and provider',
        description:
          'from/to: days (YYYY-MM-DD, Africa/Lusaka), both included, the last 30 days when left out; at most a year. Collections by ' +
          "when they were recorded; refunds a provider sent, by when they ended successful (refunds sent by hand are not in a provider's figures).",
        security,
        querystring: paymentSummaryQuerySchema,
        response: { 200: paymentSummarySchema, ...errors },
      },
    },
    async (request) => paymentSummary(app.db, summaryRange(request.query)),
  );

  app.get(
    '/payments/summary.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['payments'],
        summary: 'Admin: the daily money summary as CSV (UTF-8 with BOM; money as 1234.50)',
        security,
        querystring: paymentSummaryQuerySchema,
        response: {
          200: {
            description: 'CSV, UTF-8 starting with a byte order mark',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const range = summaryRange(request.query);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="payments-summary-${range.from}-to-${range.to}.csv"`);
      reply.header('cache-control', 'no-store');
      return reply.send(paymentSummaryCsv(await paymentSummary(app.db, range)));
    },
  );
};

export default statementRoutes;
