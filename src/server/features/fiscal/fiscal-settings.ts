import { z } from 'zod';
import { optionalSetting } from '../../lib/optional-setting';
import { DELIVERY_CATEGORIES, type DeliveryCategory } from '../../../shared/fiscal-invoice';

/**
 * ZRA Smart Invoice settings (docs/settings.md, docs/operations/smart-invoice.md). Off unless
 * SMART_INVOICE=vsdc; then the VSDC's address and the taxpayer's TPIN, branch and device serial number are
 * needed, checked at start like every setting. Read by src/server/config.ts.
 */
export interface FiscalSettings {
  /** The VSDC's base address, e.g. http://localhost:8080/zrasandboxvsdc; no trailing slash. */
  vsdcUrl: string;
  /** The taxpayer's TPIN, 10 digits. */
  tpin: string;
  /** The branch, 3 digits (000: the head office). */
  branchId: string;
  /** The serial number ZRA issued for the device. */
  deviceSerial: string;
  /** How long a request may take: signing takes about 2 s (decision 060). */
  timeoutMs: number;
  /** The classification code of a product no admin has classified yet; unset: its sales wait for one. */
  defaultItemClass?: string;
  /** The delivery line's tax category: the shop charges no VAT on delivery (decision 062). */
  deliveryCategory: DeliveryCategory;
  /** The reason code every credit note carries (decision 060: 01 to 04 seen; ask ZRA which fits). */
  creditNoteReason: string;
  /** How long a claim on a report holds: a stopped instance's report is sent by another after it. */
  leaseMs: number;
}

export type FiscalSettingsResult = { ok: true; settings?: FiscalSettings } | { ok: false; issues: string[] };

const fiscalEnv = z.object({
  SMART_INVOICE: optionalSetting(
    z.enum(['vsdc', 'off'], { error: 'must be vsdc or off (unset: sales are not reported to ZRA)' }),
  ),
  VSDC_URL: optionalSetting(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  VSDC_TPIN: optionalSetting(z.string().regex(/^\d{10}$/, 'must be the 10-digit TPIN')),
  VSDC_BRANCH_ID: z
    .string()
    .regex(/^\d{3}$/, 'must be the 3-digit branch id (000 for the head office)')
    .default('000'),
  VSDC_DEVICE_SERIAL: optionalSetting(
    z.string().regex(/^[A-Za-z0-9_.-]{1,50}$/, 'must be the device serial number ZRA issued (letters, digits, - . _)'),
  ),
  VSDC_TIMEOUT_SECONDS: z.preprocess((v) => v || '30', z.coerce.number().int().min(5).max(300)),
  VSDC_DEFAULT_ITEM_CLASS: optionalSetting(z.string().regex(/^\d{1,10}$/, 'must be a classification code (digits)')),
  VSDC_DELIVERY_TAX_CATEGORY: z
    .enum(DELIVERY_CATEGORIES, { error: 'must be D (exempt) or E (disbursement)' })
    .default('D'),
  VSDC_LEASE_SECONDS: z.preprocess((v) => v || '60', z.coerce.number().int().min(2).max(3600)),
  VSDC_CREDIT_NOTE_REASON: z
    .string()
    .regex(/^\d{2}$/, 'must be a two-digit reason code')
    .default('02'),
});

/** Issues come back as "NAME: what is wrong" lines, never with a value in them. */
export function readFiscalSettings(env: NodeJS.ProcessEnv): FiscalSettingsResult {
  const parsed = fiscalEnv.safeParse(env);
  if (!parsed.success)
    return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  if (e.SMART_INVOICE !== 'vsdc') return { ok: true };
  const missing = (['VSDC_URL', 'VSDC_TPIN', 'VSDC_DEVICE_SERIAL'] as const).filter((key) => !e[key]);
  if (missing.length > 0)
    return {
      ok: false,
      issues: [
        `${missing.join(', ')}: SMART_INVOICE=vsdc needs the VSDC's address and the TPIN and device serial number ZRA issued`,
      ],
    };
  return {
    ok: true,
    settings: {
      vsdcUrl: e.VSDC_URL!.replace(/\/+$/, ''),
      tpin: e.VSDC_TPIN!,
      branchId: e.VSDC_BRANCH_ID,
      deviceSerial: e.VSDC_DEVICE_SERIAL!,
      timeoutMs: e.VSDC_TIMEOUT_SECONDS * 1000,
      defaultItemClass: e.VSDC_DEFAULT_ITEM_CLASS,
      deliveryCategory: e.VSDC_DELIVERY_TAX_CATEGORY,
      creditNoteReason: e.VSDC_CREDIT_NOTE_REASON,
      leaseMs: e.VSDC_LEASE_SECONDS * 1000,
    },
  };
}

/** One device's reports go in one line, in order (decision 062); changing TPIN, branch or serial starts another. */
export const deviceKey = (s: Pick<FiscalSettings, 'tpin' | 'branchId' | 'deviceSerial'>) =>
  `${s.tpin}:${s.branchId}:${s.deviceSerial}`;
