import type { MobileMoneyProvider } from '../../../../shared/schemas/payments';

/**
 * Which header of a provider's statement export holds each field. Neither MTN nor Airtel publishes the
 * columns of its merchant-portal export (docs/decisions/031-statement-reconciliation.md), so each field
 * has the header names such exports are known to use; a header is matched ignoring case, spaces,
 * dots, dashes and underscores, and the first name in the list that the file has wins. To read a new
 * export, add its header name to the field's list (docs/operations/payments.md).
 */
export type StatementField = 'transactionId' | 'amount' | 'date' | 'reference' | 'status' | 'phone';

export interface StatementColumnNames {
  /** In the order they are tried. */
  names: readonly string[];
  /** What the 400 calls the field when the file has none of its names. */
  label: string;
  required: boolean;
}

const COMMON: Record<StatementField, StatementColumnNames> = {
  transactionId: {
    label: 'the transaction id',
    required: true,
    names: [
      'Financial Transaction Id',
      'Transaction ID',
      'Transaction Id',
      'TXN ID',
      'Txn Id',
      'Id',
      'Receipt No',
      'Receipt Number',
    ],
  },
  amount: { label: 'the amount', required: true, names: ['Amount', 'Transaction Amount', 'Amount (ZMW)', 'Credit'] },
  date: {
    label: 'the date',
    required: true,
    names: ['Date', 'Transaction Date', 'Date Time', 'Created', 'Creation Date', 'Completion Time'],
  },
  reference: {
    label: 'our reference',
    required: false,
    names: [
      'External Transaction Id',
      'External Id',
      'External Reference',
      'Reference',
      'Reference Id',
      'Merchant Reference',
    ],
  },
  status: { label: 'the status', required: false, names: ['Status', 'Transaction Status', 'State'] },
  phone: {
    label: 'the payer',
    required: false,
    names: ['From', 'MSISDN', 'Payer', 'From MSISDN', 'Sender', 'Phone', 'Mobile Number'],
  },
};

/**
 * The table per provider. Both start from the same names today; a provider's own spelling goes first
 * in its list once a real export shows it.
 */
export const STATEMENT_COLUMNS: Record<MobileMoneyProvider, Record<StatementField, StatementColumnNames>> = {
  mtn: COMMON,
  airtel: {
    ...COMMON,
    transactionId: {
      ...COMMON.transactionId,
      names: ['Transaction ID', 'TXN ID', 'Airtel Money Id', ...COMMON.transactionId.names],
    },
  },
};

const normalise = (header: string) => header.toLowerCase().replace(/[\s._\-()]+/g, '');

export type StatementColumns = { [F in StatementField]: number | null } & {
  headers: Partial<Record<StatementField, string>>;
};

/** The column index of each field in this header line, or the message naming the first required field it lacks. */
export function findStatementColumns(
  provider: MobileMoneyProvider,
  header: readonly string[],
): StatementColumns | { missing: string } {
  const normalised = header.map(normalise);
  const found = { headers: {} } as StatementColumns;
  for (const [field, column] of Object.entries(STATEMENT_COLUMNS[provider]) as [
    StatementField,
    StatementColumnNames,
  ][]) {
    const at = column.names.map((name) => normalised.indexOf(normalise(name))).find((i) => i >= 0);
    if (at === undefined) {
      if (column.required)
        return {
          missing: `The statement has no column for ${column.label}: expected one of ${column.names.map((n) => `"${n}"`).join(', ')}.`,
        };
      found[field] = null;
    } else {
      found[field] = at;
      found.headers[field] = header[at].trim();
    }
  }
  return found;
}
