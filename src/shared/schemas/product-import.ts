import { z } from 'zod';

/** A bigger catalogue is imported in parts: a file this size checks in a few seconds on an old laptop. */
export const PRODUCT_IMPORT_MAX_ROWS = 5_000;
export const PRODUCT_IMPORT_MAX_CHARACTERS = 5_000_000;

/** POST /products/import: the CSV file's text; a dry run (the default) only checks and reports. */
export const productImportInputSchema = z.object({
  csv: z
    .string({ error: 'csv must be the text of a CSV file' })
    .min(1, 'The file is empty.')
    .max(
      PRODUCT_IMPORT_MAX_CHARACTERS,
      `The file is too large (at most ${PRODUCT_IMPORT_MAX_CHARACTERS.toLocaleString('en-US')} characters): import it in parts.`,
    ),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(true),
});
export type ProductImportInput = z.input<typeof productImportInputSchema>;

export const productImportRowSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  sku: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  /** For an update: what changes, in words ("price K 95.00 → K 99.00"). */
  changes: z.array(z.string()),
  errors: z.array(z.string()),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

export const productImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** True once the rows were written (never on a dry run, never when a row has an error). */
  applied: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Columns the import does not know (Product ID, Created at...): left as they are. */
  ignoredColumns: z.array(z.string()),
  rows: z.array(productImportRowSchema),
});
export type ProductImportReport = z.infer<typeof productImportReportSchema>;

/** 422 of a real import that found errors: nothing was written; the report says which rows and why. */
export const productImportRefusedSchema = z.object({ message: z.string(), report: productImportReportSchema });
