import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readPaymentProviderSettings, type PaymentProviderSettings } from './features/payments/providers/registry';
import type { PaymentTiming } from './features/payments/service';
import { parseDailyTime, type DailyTime } from './features/backups/backup-schedule';
import { readBackupCopySettings, type BackupCopySettings } from './features/backups/backup-copy-settings';
import { readStorageSettings, type S3StorageSettings } from './features/uploads/storage-settings';
import { cacheDefaultMb, FULL_CACHE_MB } from './lib/cache-budget';
import { optionalSetting } from './lib/optional-setting';
import { toNgwee } from '../shared/money';
import { DEFAULT_PAYOUT_MINIMUM_KWACHA } from '../shared/payouts';
import type { RefundApprovalRule } from '../shared/refunds';
import { persistedSigningSecret } from './lib/signing-secret';
import {
  ORDER_TEXTS_PER_NUMBER_PER_DAY,
  readSmsSettings,
  type AfricasTalkingSettings,
} from './features/sms/sms-settings';
import { readUssdSettings, type UssdSettings } from './features/ussd/ussd-settings';
import { readFiscalSettings, type FiscalSettings } from './features/fiscal/fiscal-settings';
import type { FiscalTiming } from './features/fiscal/fiscal-line';

const envSchema = z
  .object({
    PORT: z.preprocess((v) => v ?? '3000', z.coerce.number().int().min(0).max(65535)),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalSetting(
      z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
    ),
    ADMIN_EMAIL: optionalSetting(z.email()),
    ADMIN_PASSWORD: optionalSetting(z.string().min(8, 'must be at least 8 characters')),
    SMTP_URL: optionalSetting(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
    MAIL_FROM: z.string().default('"Forest Co-op Shop (demo)" <shop@coop-shop.example>'),
    JWT_SECRET: optionalSetting(z.string().min(32, 'must be at least 32 characters')),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+[smhd]$/, 'must look like 7d, 12h or 30m')
      .default('7d'),
    PUBLIC_URL: optionalSetting(z.url()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    REQUEST_TIMEOUT_SECONDS: z.preprocess((v) => v ?? '120', z.coerce.number().int().min(5).max(3600)),
    KEEP_ALIVE_TIMEOUT_SECONDS: z.preprocess((v) => v ?? '65', z.coerce.number().int().min(1).max(600)),
    SHOP_EMAIL: optionalSetting(z.email()),
    REGISTRATIONS_PER_HOUR: z.preprocess((v) => v ?? '10', z.coerce.number().int().min(1).max(100_000)),
    ORDER_TEXTS_PER_NUMBER_PER_DAY: z.preprocess(
      (v) => v || String(ORDER_TEXTS_PER_NUMBER_PER_DAY),
      z.coerce.number().int().min(0).max(100_000),
    ),
    PAYMENT_EXPIRY_MINUTES: z.preprocess((v) => v || '5', z.coerce.number().int().min(1).max(60)),
    PAYMENT_POLL_FIRST_SECONDS: z.preprocess((v) => v || '3', z.coerce.number().int().min(1).max(60)),
    PAYMENT_POLL_MAX_SECONDS: z.preprocess((v) => v || '30', z.coerce.number().int().min(1).max(600)),
    PAYMENT_LEASE_SECONDS: z.preprocess((v) => v || '60', z.coerce.number().int().min(2).max(600)),
    PAYMENT_CALLBACK_GAP_SECONDS: z.preprocess((v) => v || '3', z.coerce.number().int().min(1).max(60)),
    PAYMENT_LATE_WINDOW_HOURS: z.preprocess((v) => v || '24', z.coerce.number().int().min(1).max(168)),
    UNPAID_ORDERS_MAX: z.preprocess((v) => v || '5', z.coerce.number().int().min(0).max(10_000)),
    UNPAID_ITEMS_MAX: z.preprocess((v) => v || '20', z.coerce.number().int().min(0).max(1_000_000)),
    UNPAID_HOLD_HOURS: z.preprocess((v) => v || '48', z.coerce.number().int().min(0).max(720)),
    COLLECTION_HOLD_DAYS: z.preprocess((v) => v || '7', z.coerce.number().int().min(0).max(90)),
    REFUND_APPROVAL: z
      .string()
      .trim()
      .regex(
        /^(always|off|\d{1,7}(\.\d{1,2})?)$/,
        'must be always, off, or a kwacha amount like 500 (refunds above it need a second admin)',
      )
      .default('always'),
    PAYOUT_MINIMUM: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be a kwacha amount like 20 (smaller balances wait for the next run)')
      .default(String(DEFAULT_PAYOUT_MINIMUM_KWACHA)),
    PAYOUT_DAY: optionalSetting(
      z.coerce
        .number({ error: 'must be a day of the month from 1 to 28, or unset (no monthly run)' })
        .int('must be a day of the month from 1 to 28, or unset (no monthly run)')
        .min(1, 'must be a day of the month from 1 to 28, or unset (no monthly run)')
        .max(28, 'must be a day of the month from 1 to 28, or unset (no monthly run)'),
    ),
    BACKUP_SCHEDULE: z
      .string()
      .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day like 02:00 (24-hour, server time) or off')
      .default('02:00'),
    LOW_STOCK_CHECK_SECONDS: z.preprocess((v) => v || '60', z.coerce.number().int().min(0).max(86_400)),
    PGLITE_BUFFERS_MB: z.preprocess((v) => v || '32', z.coerce.number().int().min(1).max(4096)),
    // Unset: the full size under a heap of 512 MB or more, a share of it under a smaller one (decision 075).
    ANSWER_CACHE_MB: z.preprocess(
      (v) => v || String(cacheDefaultMb(FULL_CACHE_MB.answers)),
      z.coerce.number().int().min(1).max(4096),
    ),
    PAGE_CACHE_MB: z.preprocess(
      (v) => v || String(cacheDefaultMb(FULL_CACHE_MB.pages)),
      z.coerce.number().int().min(1).max(4096),
    ),
    PAGE_FRAGMENTS_MB: z.preprocess(
      (v) => v || String(cacheDefaultMb(FULL_CACHE_MB.fragments)),
      z.coerce.number().int().min(1).max(4096),
    ),
    SEARCH_INDEX_PRODUCTS: z.preprocess((v) => v || '50000', z.coerce.number().int().min(0).max(1_000_000)),
    BACKUP_KEEP: z.preprocess((v) => v || '14', z.coerce.number().int().min(1).max(1000)),
    BACKUP_DIR: optionalSetting(z.string()),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(false|true|\d{1,2}|[\d.:a-fA-F/,\s]+|loopback|linklocal|uniquelocal)$/,
        'must be false, a hop count, loopback, or proxy addresses',
      )
      .default('false'),
  })
  .refine((e) => Boolean(e.ADMIN_EMAIL) === Boolean(e.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither',
  });

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  admin?: { email: string; password: string };
  smtpUrl?: string;
  mailFrom: string;
  /** JWT_SECRET, else DATA_DIR/jwt-secret (made on first use: a command that never signs never writes one). */
  jwtSecret: string;
  /** JWT_SECRET as set; unset: the secret is DATA_DIR/jwt-secret's. */
  jwtSecretSetting?: string;
  jwtExpiresIn: string;
  publicUrl: string;
  logLevel: string;
  seedDemo: boolean;
  shopEmail?: string;
  /** New accounts one client address may open per hour. */
  registrationsPerHour?: number;
  /** Texts about orders one number gets in 24 hours, from every account (decision 057; 0: no limit); unset: 10. */
  orderTextsPerNumberPerDay?: number;
  /** Fastify trustProxy: off by default, else a hop count or the proxy's addresses (never "any"). */
  trustProxy?: boolean | number | string;
  /** How long a client may take to send a request, and keep a connection open unused (defaults below). */
  httpTimeouts?: HttpTimeouts;
  /** Mobile-money providers that are on (MTN MoMo, Airtel Money); none when their keys are not set. */
  paymentProviders?: PaymentProviderSettings;
  /** How long a mobile-money attempt lives and how often it is read (defaults in payments/service.ts). */
  paymentTiming?: Partial<PaymentTiming>;
  /** What unpaid orders may hold and when the shop releases them (decision 056); unset: no bounds, no release (tests). */
  unpaidOrders?: UnpaidOrderSettings;
  /** REFUND_APPROVAL: which refunds a second admin approves (docs/decisions/030-refunds.md); unset: always. */
  refundApproval?: RefundApprovalRule;
  /** Members' payouts (docs/decisions/064-member-payouts.md); unset: K 20 minimum, no monthly run. */
  payouts?: PayoutSettings;
  /** Product images in an S3-compatible bucket; unset: files in DATA_DIR/uploads. */
  storage?: S3StorageSettings;
  /** Text messages through Africa's Talking; unset: files in DATA_DIR/sms-outbox (features/sms). */
  sms?: AfricasTalkingSettings;
  /** Ordering by USSD through Africa's Talking (features/ussd); unset: the callback route is off. */
  ussd?: UssdSettings;
  /** ZRA Smart Invoice through the taxpayer's VSDC (features/fiscal); unset: nothing is reported. */
  fiscal?: FiscalSettings;
  /** How the Smart Invoice line keeps time (defaults in features/fiscal/fiscal-line.ts; tests shorten it). */
  fiscalTiming?: Partial<FiscalTiming>;
  /** How often to look for products that fell to their low-stock level (ms); unset or 0: never (tests). */
  lowStockCheckMs?: number;
  /** The embedded database's shared buffers in MB (PGLITE_BUFFERS_MB); unset: PostgreSQL's 128 (tests). */
  pgliteBuffersMb?: number;
  /** Catalogue answers kept, in MB of their text (ANSWER_CACHE_MB); unset: 32, less under a heap below 512 MB. */
  answerCacheMb?: number;
  /** Drawn pages kept, in MB compressed (PAGE_CACHE_MB); unset: 16, less under a heap below 512 MB. */
  pageCacheMb?: number;
  /** Parts of pages kept drawn, in MB of their text (PAGE_FRAGMENTS_MB); unset: 24, less under a heap below 512 MB. */
  pageFragmentsMb?: number;
  /** The in-memory keyword index is not built above this many products (SEARCH_INDEX_PRODUCTS; 0: never); unset: 50,000. */
  searchIndexProducts?: number;
  /** Backups; unset: none scheduled, files in DATA_DIR/backups, the last 14 kept. */
  backups?: BackupSettings;
}

export interface BackupSettings {
  /** BACKUP_DIR, default DATA_DIR/backups. */
  folder: string;
  /** BACKUP_SCHEDULE: the daily time (server time); null when off. */
  schedule: DailyTime | null;
  /** BACKUP_KEEP: scheduled backups kept in the folder. */
  keep: number;
  /** BACKUP_COPY_URL, BACKUP_COPY_DAYS: where coop-shop copies them off the machine; unset: nowhere. */
  copy?: BackupCopySettings;
}

/** Decision 064. */
export interface PayoutSettings {
  /** PAYOUT_MINIMUM in ngwee: a member owed less waits for the next run. */
  minimumNgwee: number;
  /** PAYOUT_DAY: the shop-time day of the month a run is proposed for the month before; null: no monthly run. */
  day: number | null;
}

/** Decision 056. A 0 turns its rule off. */
export interface UnpaidOrderSettings {
  /** UNPAID_ORDERS_MAX: unpaid open orders one account, or one phone number, may have. */
  maxOrders: number;
  /** UNPAID_ITEMS_MAX: items (units) those orders may hold together. */
  maxItems: number;
  /** UNPAID_HOLD_HOURS: an order paid by mobile money or card, unpaid and Pending this long, is released. */
  holdMs: number;
  /** COLLECTION_HOLD_DAYS: the same for a pay-on-collection order (its collection window). */
  collectionHoldMs: number;
  /** How often an instance looks for orders to release; 0: never (tests call releaseUnpaidOrders). */
  sweepMs: number;
}

export interface HttpTimeouts {
  /** The whole request, headers and body (a 10 MB photo on a slow mobile link fits). */
  requestMs: number;
  /** The header block alone: a client trickling headers (slowloris) is cut off early. */
  headersMs: number;
  /** An idle keep-alive connection between two requests. */
  keepAliveMs: number;
  /** A connection on which nothing moves at all, request in flight or not. */
  idleMs: number;
}

/**
 * Keep-alive outlives the usual reverse-proxy idle timeout (60 s): a server that closes first races the
 * proxy reusing the connection, which shoppers see as a 502 or a reset. A silent connection outlives the
 * longest request, so a slow handler (bulk mail, a big upload being resized) is never cut off.
 */
export function httpTimeouts(requestSeconds = 120, keepAliveSeconds = 65): HttpTimeouts {
  return {
    requestMs: requestSeconds * 1000,
    headersMs: Math.min(15, requestSeconds) * 1000,
    keepAliveMs: keepAliveSeconds * 1000,
    idleMs: Math.max(requestSeconds + 10, keepAliveSeconds + 5) * 1000,
  };
}

export class ConfigError extends Error {}

/**
 * Reads and checks the environment once; a bad value stops the start with a message naming it. DATA_DIR is
 * made unless `leaveDataDirAlone` (npm run restore, whose target must stay as it was if the restore is refused).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { leaveDataDirAlone?: boolean } = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  const payments = readPaymentProviderSettings(env);
  const storage = readStorageSettings(env);
  const sms = readSmsSettings(env);
  const ussd = readUssdSettings(env);
  const backupCopy = readBackupCopySettings(env);
  const fiscal = readFiscalSettings(env);
  if (!parsed.success || !payments.ok || !storage.ok || !sms.ok || !ussd.ok || !backupCopy.ok || !fiscal.ok) {
    const lines = [
      ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`)),
      ...(payments.ok ? [] : payments.issues),
      ...(storage.ok ? [] : storage.issues),
      ...(sms.ok ? [] : sms.issues),
      ...(ussd.ok ? [] : ussd.issues),
      ...(backupCopy.ok ? [] : backupCopy.issues),
      ...(fiscal.ok ? [] : fiscal.issues),
    ];
    throw new ConfigError(`Invalid settings:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (!options.leaveDataDirAlone) mkdirSync(dataDir, { recursive: true });
  let jwtSecret = e.JWT_SECRET;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    get jwtSecret() {
      return (jwtSecret ??= persistedSigningSecret(dataDir));
    },
    jwtSecretSetting: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    shopEmail: e.SHOP_EMAIL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    orderTextsPerNumberPerDay: e.ORDER_TEXTS_PER_NUMBER_PER_DAY,
    httpTimeouts: httpTimeouts(e.REQUEST_TIMEOUT_SECONDS, e.KEEP_ALIVE_TIMEOUT_SECONDS),
    paymentProviders: payments.settings,
    paymentTiming: {
      expiryMs: e.PAYMENT_EXPIRY_MINUTES * 60_000,
      firstPollMs: e.PAYMENT_POLL_FIRST_SECONDS * 1000,
      maxPollMs: Math.max(e.PAYMENT_POLL_FIRST_SECONDS, e.PAYMENT_POLL_MAX_SECONDS) * 1000,
      leaseMs: e.PAYMENT_LEASE_SECONDS * 1000,
      callbackGapMs: e.PAYMENT_CALLBACK_GAP_SECONDS * 1000,
      lateWindowMs: e.PAYMENT_LATE_WINDOW_HOURS * 3_600_000,
    },
    unpaidOrders: {
      maxOrders: e.UNPAID_ORDERS_MAX,
      maxItems: e.UNPAID_ITEMS_MAX,
      holdMs: e.UNPAID_HOLD_HOURS * 3_600_000,
      collectionHoldMs: e.COLLECTION_HOLD_DAYS * 86_400_000,
      // Holds are hours or days long: a look every five minutes releases an order at most that late.
      sweepMs: 5 * 60_000,
    },
    refundApproval: parseRefundApproval(e.REFUND_APPROVAL),
    payouts: { minimumNgwee: toNgwee(Number(e.PAYOUT_MINIMUM)), day: e.PAYOUT_DAY ?? null },
    storage: storage.settings,
    sms: sms.settings,
    ussd: ussd.settings,
    fiscal: fiscal.settings,
    lowStockCheckMs: e.LOW_STOCK_CHECK_SECONDS * 1000,
    pgliteBuffersMb: e.PGLITE_BUFFERS_MB,
    answerCacheMb: e.ANSWER_CACHE_MB,
    pageCacheMb: e.PAGE_CACHE_MB,
    pageFragmentsMb: e.PAGE_FRAGMENTS_MB,
    searchIndexProducts: e.SEARCH_INDEX_PRODUCTS,
    backups: {
      folder: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      schedule: parseDailyTime(e.BACKUP_SCHEDULE),
      keep: e.BACKUP_KEEP,
      copy: backupCopy.settings,
    },
  };
}

/** always | off | a kwacha amount: refunds above it need a second admin, those at or below it go at once. */
function parseRefundApproval(value: string): RefundApprovalRule {
  if (value === 'always' || value === 'off') return { kind: value };
  return { kind: 'above', aboveNgwee: toNgwee(Number(value)) };
}

/**
 * Client addresses key the login and contact throttles, so X-Forwarded-For is believed only from a proxy we
 * were told about; "true" (any sender) would let a client choose its own address, so it means one hop.
 */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
