import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FailedPayout } from '../../../../shared/schemas/payments';
import { StaticRouter } from '../../../lib/router';
import { FailedPayouts } from './failed-payouts';

const failed: FailedPayout = {
  _id: 'p-1',
  runId: 'r-1',
  period: '2026-11',
  member: { _id: 'm-1', name: 'Mutinta Hamoonga' },
  mobile: '+260961234567',
  route: 'mtn-transfer',
  reference: 'ref-1',
  amount: 412.5,
  amountNgwee: 41_250,
  failureReason: 'PAYEE_NOT_FOUND',
  endedAt: '2026-12-01T08:00:00.000Z',
};

const render = (payouts: FailedPayout[]) =>
  renderToString(
    <StaticRouter location="/admin/payments">
      <QueryClientProvider client={new QueryClient()}>
        <FailedPayouts payouts={payouts} />
      </QueryClientProvider>
    </StaticRouter>,
  );

describe('failed payouts on Needs attention', () => {
  it('names the member, the amount, the month, the wallet and the reason, with a way to mark it dealt with', () => {
    const html = render([failed]);
    expect(html).toContain("Members' payouts that failed (1)");
    expect(html).toContain('Mutinta Hamoonga');
    expect(html).toContain('412.50');
    expect(html).toContain('November 2026');
    expect(html).toContain('096 123 4567');
    expect(html).toContain('PAYEE_NOT_FOUND');
    expect(html).toContain("Mark Mutinta Hamoonga's failed payout as dealt with");
  });

  it('shows nothing when no payout failed', () => {
    expect(render([])).toBe('');
  });
});
