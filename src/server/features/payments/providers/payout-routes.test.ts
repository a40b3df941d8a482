import { describe, expect, it } from 'vitest';
import { shopEnvForSimulator } from '../../../../../simulators/shop-env';
import { payoutProvidersFor, payoutRouteFor } from './payout-routes';
import { readPaymentProviderSettings } from './registry';

/** Which way a member's share goes to her wallet, from the settings (docs/decisions/064-member-payouts.md). */
describe('the payout route of a member’s network', () => {
  const all = shopEnvForSimulator('http://127.0.0.1:4010', undefined);
  const settingsOf = (env: Record<string, string | undefined>) => {
    const read = readPaymentProviderSettings(env);
    if (!read.ok) throw new Error(read.issues.join('\n'));
    return read.settings;
  };
  const without = (...prefixes: string[]) =>
    Object.fromEntries(Object.entries(all).filter(([key]) => !prefixes.some((p) => key.startsWith(p))));

  it('takes each network’s own disbursement when it is set, and Lenco for Zamtel', () => {
    const settings = settingsOf(all);
    expect(payoutRouteFor('mtn', settings)).toBe('mtn-transfer');
    expect(payoutRouteFor('airtel', settings)).toBe('airtel-disbursement');
    expect(payoutRouteFor('zamtel', settings)).toBe('lenco-transfer');
    expect(Object.keys(payoutProvidersFor(settings)).sort()).toEqual([
      'airtel-disbursement',
      'lenco-transfer',
      'mtn-transfer',
    ]);
  });

  it('falls back to Lenco’s transfer for a network whose own disbursement is not set', () => {
    const settings = settingsOf(without('MTN_MOMO_DISBURSEMENT_', 'AIRTEL_MONEY_DISBURSEMENT_', 'AIRTEL_MONEY_PIN_'));
    expect(payoutRouteFor('mtn', settings)).toBe('lenco-transfer');
    expect(payoutRouteFor('airtel', settings)).toBe('lenco-transfer');
  });

  it('goes by hand without any payout settings, or with no settings at all', () => {
    const settings = settingsOf(without('MTN_MOMO_DISBURSEMENT_', 'LENCO_PAYOUT_'));
    expect(payoutRouteFor('mtn', settings)).toBe('by-hand');
    expect(payoutRouteFor('zamtel', settings)).toBe('by-hand');
    expect(payoutRouteFor('airtel', settings)).toBe('airtel-disbursement');
    expect(payoutRouteFor('zamtel', undefined)).toBe('by-hand');
    expect(payoutProvidersFor(undefined)).toEqual({});
  });

  it('lets a co-op use Lenco for payouts only (no method collected), and refuses a payout account without its token', () => {
    const settings = settingsOf({ ...without('LENCO_METHODS', 'LENCO_PUBLIC_KEY') });
    expect(settings.lenco?.methods).toEqual([]);
    expect(payoutRouteFor('zamtel', settings)).toBe('lenco-transfer');
    const read = readPaymentProviderSettings({ LENCO_PAYOUT_ACCOUNT_ID: all.LENCO_PAYOUT_ACCOUNT_ID });
    expect(read.ok).toBe(false);
  });
});
