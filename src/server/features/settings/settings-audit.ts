import type { ShopSettings } from '../../../shared/schemas/settings';
import { changedFields, type AuditEntry } from '../audit';

/** The audit line of a settings save: the payment numbers are money, so they are said with their values. */

const FIELD_WORDS: Record<string, string> = {
  shopName: 'shop name',
  email: 'e-mail',
  phone: 'phone',
  address: 'address',
  airtelMoneyNumber: 'Airtel Money number',
  mtnMoneyNumber: 'MTN MoMo number',
  paymentAccountName: 'payment account name',
  facebookUrl: 'Facebook link',
  instagramUrl: 'Instagram link',
  linkedinUrl: 'LinkedIn link',
  lowStockThreshold: 'low-stock level',
  whatsappNumber: 'WhatsApp number',
  orderSmsNumber: 'number for new-order SMS',
  makersPercent: "makers' percent",
  returnWindowDays: 'return window (days)',
  returnRules: 'return rules',
};
// The two phone numbers too: a wrong one sends customers' orders (WhatsApp) or order alerts (SMS) to a stranger.
// The makers' percent is a money rule: it moves members' shares of every order handed over after it.
const SAID_WITH_VALUES = [
  'airtelMoneyNumber',
  'mtnMoneyNumber',
  'paymentAccountName',
  'lowStockThreshold',
  'whatsappNumber',
  'orderSmsNumber',
  'makersPercent',
  'returnWindowDays',
];

const shown = (value: unknown) => (value === '' || value === null || value === undefined ? '(empty)' : String(value));

/** Null when the save changed nothing. */
export function settingsChangedEntry(before: ShopSettings, after: ShopSettings): AuditEntry | null {
  const diff = changedFields<Record<string, unknown>>(before, after);
  if (!diff) return null;
  const keys = Object.keys(diff.after);
  const withValues = keys
    .filter((key) => SAID_WITH_VALUES.includes(key))
    .map((key) => `${FIELD_WORDS[key]} ${shown(diff.before[key])} → ${shown(diff.after[key])}`);
  const named = keys.filter((key) => !SAID_WITH_VALUES.includes(key)).map((key) => FIELD_WORDS[key] ?? key);
  const parts = [...withValues, ...(named.length > 0 ? [`changed ${named.join(', ')}`] : [])];
  return {
    action: 'settings.updated',
    subjectType: 'settings',
    subjectId: 'shop',
    summary: `Shop settings: ${parts.join('; ')}`,
    ...diff,
  };
}
