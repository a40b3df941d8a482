import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StatementPayoutItem, StatementReconciliation } from '../../../../shared/schemas/statements';
import { PayoutGroups } from './payout-groups';

const none = { 'not-in-shop': 0, 'amount-differs': 0, 'not-on-statement': 0, matched: 0 };
const result = (items: StatementPayoutItem[], counts = none): StatementReconciliation => ({
  provider: 'mtn',
  from: '2026-10-01',
  to: '2026-10-03',
  columns: {},
  counts: none,
  skipped: [],
  items: [],
  payouts: { counts, items },
});

const line = {
  row: 2,
  transactionId: 'MT9999',
  reference: null,
  amountNgwee: 1_200,
  date: '2026-10-02 12:00',
  day: '2026-10-02',
  status: null,
  phone: null,
};
const payout = {
  _id: 'p-1',
  memberId: 'm-1',
  memberName: 'Chipo <Banda>',
  reference: 'ref-1',
  providerTransactionId: 'MT2001',
  state: 'successful',
  amountNgwee: 15_000,
  currency: 'ZMW',
  period: '2026-09',
  endedAt: '2026-10-01T07:00:00.000Z',
};

describe('the payout groups of a statement check', () => {
  it('lists the differences with their member and month, folds the matches, and leaves out empty groups', () => {
    const html = renderToString(
      <PayoutGroups
        result={result(
          [
            {
              category: 'not-in-shop',
              key: 'MT9999',
              line,
              payout: null,
              why: 'Money out that no payout explains.',
              dealtWith: null,
            },
            {
              category: 'matched',
              key: 'MT2001',
              line: { ...line, transactionId: 'MT2001', amountNgwee: 15_000 },
              payout,
              why: 'On both, same amount.',
              dealtWith: null,
            },
          ],
          { ...none, 'not-in-shop': 1, matched: 1 },
        )}
        onDealtWith={() => {}}
      />,
    );
    expect(html).toContain('Payouts to members');
    expect(html).toContain('Money out, no payout in the shop');
    expect(html).toContain('Money out that no payout explains.');
    expect(html).toContain('Mark dealt with');
    expect(html).toContain('Payouts matched');
    expect(html).toContain('Chipo &lt;Banda>, September 2026');
    expect(html).not.toContain('Payout amounts differ');
    expect(html).not.toContain('Paid in the shop, not on the statement');
  });

  it('says so when the statement has no money out and the period no payout', () => {
    expect(renderToString(<PayoutGroups result={result([])} onDealtWith={() => {}} />)).toContain(
      'No money out on this statement, and no payout through this provider in the period.',
    );
  });
});
