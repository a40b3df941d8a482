import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = mkdtempSync(path.join(tmpdir(), 'coop-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('has working defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('bounds the answer and page caches at 32 and 16 MB and the search index at 50,000 products unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ answerCacheMb: 32, pageCacheMb: 16 });
    expect(loadConfig({ DATA_DIR: dir, ANSWER_CACHE_MB: '8', PAGE_CACHE_MB: '4' })).toMatchObject({
      answerCacheMb: 8,
      pageCacheMb: 4,
    });
    expect(() => loadConfig({ DATA_DIR: dir, ANSWER_CACHE_MB: '0' })).toThrow(/ANSWER_CACHE_MB/);
    expect(() => loadConfig({ DATA_DIR: dir, PAGE_CACHE_MB: 'lots' })).toThrow(/PAGE_CACHE_MB/);
    expect(loadConfig({ DATA_DIR: dir }).searchIndexProducts).toBe(50_000);
    expect(loadConfig({ DATA_DIR: dir, SEARCH_INDEX_PRODUCTS: '0' }).searchIndexProducts).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, SEARCH_INDEX_PRODUCTS: '-1' })).toThrow(/SEARCH_INDEX_PRODUCTS/);
  });

  it('bounds unpaid orders at 5 and 20 items, releasing them after 48 hours or a 7-day collection window (decision 056)', () => {
    expect(loadConfig({ DATA_DIR: dir }).unpaidOrders).toEqual({
      maxOrders: 5,
      maxItems: 20,
      holdMs: 48 * 3_600_000,
      collectionHoldMs: 7 * 86_400_000,
      sweepMs: 300_000,
    });
    const off = { UNPAID_ORDERS_MAX: '0', UNPAID_ITEMS_MAX: '0', UNPAID_HOLD_HOURS: '0', COLLECTION_HOLD_DAYS: '0' };
    expect(loadConfig({ DATA_DIR: dir, ...off }).unpaidOrders).toMatchObject({
      maxOrders: 0,
      maxItems: 0,
      holdMs: 0,
      collectionHoldMs: 0,
    });
    expect(() => loadConfig({ DATA_DIR: dir, UNPAID_HOLD_HOURS: '721' })).toThrow(/UNPAID_HOLD_HOURS/);
    expect(() => loadConfig({ DATA_DIR: dir, UNPAID_ORDERS_MAX: 'five' })).toThrow(/UNPAID_ORDERS_MAX/);
    expect(() => loadConfig({ DATA_DIR: dir, COLLECTION_HOLD_DAYS: '-1' })).toThrow(/COLLECTION_HOLD_DAYS/);
  });

  it('names every bad setting in one clear message', () => {
    const bad = () =>
      loadConfig({
        DATA_DIR: dir,
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        JWT_SECRET: 'short',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'JWT_SECRET']) expect(message).toContain(name);
    }
  });

  it('asks a second admin for every refund unless REFUND_APPROVAL says off or names an amount in kwacha', () => {
    expect(loadConfig({ DATA_DIR: dir }).refundApproval).toEqual({ kind: 'always' });
    expect(loadConfig({ DATA_DIR: dir, REFUND_APPROVAL: 'off' }).refundApproval).toEqual({ kind: 'off' });
    expect(loadConfig({ DATA_DIR: dir, REFUND_APPROVAL: '500' }).refundApproval).toEqual({
      kind: 'above',
      aboveNgwee: 50_000,
    });
    expect(loadConfig({ DATA_DIR: dir, REFUND_APPROVAL: '99.99' }).refundApproval).toEqual({
      kind: 'above',
      aboveNgwee: 9_999,
    });
    for (const bad of ['sometimes', '-5', 'K500', '1.234']) {
      expect(() => loadConfig({ DATA_DIR: dir, REFUND_APPROVAL: bad }), bad).toThrow(
        /REFUND_APPROVAL: must be always, off, or a kwacha amount/,
      );
    }
  });

  it('pays members owed PAYOUT_MINIMUM (K 20 unless set) and proposes the month’s run on PAYOUT_DAY (off unless set)', () => {
    expect(loadConfig({ DATA_DIR: dir }).payouts).toEqual({ minimumNgwee: 2_000, day: null });
    expect(loadConfig({ DATA_DIR: dir, PAYOUT_MINIMUM: '50.5', PAYOUT_DAY: '28' }).payouts).toEqual({
      minimumNgwee: 5_050,
      day: 28,
    });
    expect(loadConfig({ DATA_DIR: dir, PAYOUT_DAY: '' }).payouts?.day).toBeNull();
    for (const bad of ['K20', '-1', '1.234'])
      expect(() => loadConfig({ DATA_DIR: dir, PAYOUT_MINIMUM: bad }), bad).toThrow(
        /PAYOUT_MINIMUM: must be a kwacha amount/,
      );
    for (const bad of ['0', '29', '5th'])
      expect(() => loadConfig({ DATA_DIR: dir, PAYOUT_DAY: bad }), bad).toThrow(
        /PAYOUT_DAY: must be a day of the month from 1 to 28/,
      );
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'Admin@B.co', ADMIN_PASSWORD: 'long-enough' }).admin).toEqual({
      email: 'admin@b.co',
      password: 'long-enough',
    });
  });

  it('closes slow requests and idle connections: 120 s a request and 65 s idle keep-alive unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir }).httpTimeouts).toEqual({
      requestMs: 120_000,
      headersMs: 15_000,
      keepAliveMs: 65_000,
      idleMs: 130_000,
    });
    expect(
      loadConfig({ DATA_DIR: dir, REQUEST_TIMEOUT_SECONDS: '10', KEEP_ALIVE_TIMEOUT_SECONDS: '90' }).httpTimeouts,
    ).toEqual({
      requestMs: 10_000,
      headersMs: 10_000,
      keepAliveMs: 90_000,
      idleMs: 95_000,
    });
    expect(() => loadConfig({ DATA_DIR: dir, REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ DATA_DIR: dir, KEEP_ALIVE_TIMEOUT_SECONDS: 'soon' })).toThrow(
      /KEEP_ALIVE_TIMEOUT_SECONDS/,
    );
  });

  it('leaves mobile-money providers off without their keys, and turns each on with all of them', () => {
    expect(loadConfig({ DATA_DIR: dir }).paymentProviders).toEqual({});
    const config = loadConfig({
      DATA_DIR: dir,
      MTN_MOMO_BASE_URL: 'https://sandbox.momodeveloper.mtn.com/',
      MTN_MOMO_API_USER: '6f1c2a6e-3a6b-4c1e-9f0a-2b9d8c7e6f5a',
      MTN_MOMO_API_KEY: 'mtn-key',
      MTN_MOMO_SUBSCRIPTION_KEY: 'mtn-subscription',
      AIRTEL_MONEY_BASE_URL: 'https://openapiuat.airtel.africa',
      AIRTEL_MONEY_CLIENT_ID: 'airtel-id',
      AIRTEL_MONEY_CLIENT_SECRET: 'airtel-secret',
      PAYMENTS_CALLBACK_BASE_URL: 'https://shop.example/api/payments/callbacks',
    }).paymentProviders;
    expect(config?.mtn).toEqual({
      baseUrl: 'https://sandbox.momodeveloper.mtn.com',
      apiUser: '6f1c2a6e-3a6b-4c1e-9f0a-2b9d8c7e6f5a',
      apiKey: 'mtn-key',
      subscriptionKey: 'mtn-subscription',
      targetEnvironment: 'sandbox',
      currency: 'EUR',
      callbackUrl: 'https://shop.example/api/payments/callbacks/mtn',
      timeoutMs: 15_000,
    });
    expect(config?.airtel).toMatchObject({
      country: 'ZM',
      currency: 'ZMW',
      callbackUrl: 'https://shop.example/api/payments/callbacks/airtel',
    });
    const live = loadConfig({
      DATA_DIR: dir,
      MTN_MOMO_BASE_URL: 'https://proxy.momoapi.mtn.com',
      MTN_MOMO_API_USER: '6f1c2a6e-3a6b-4c1e-9f0a-2b9d8c7e6f5a',
      MTN_MOMO_API_KEY: 'k',
      MTN_MOMO_SUBSCRIPTION_KEY: 's',
      MTN_MOMO_TARGET_ENVIRONMENT: 'mtnzambia',
      PAYMENT_PROVIDER_TIMEOUT_SECONDS: '5',
    }).paymentProviders;
    expect(live).toMatchObject({
      mtn: { currency: 'ZMW', targetEnvironment: 'mtnzambia', timeoutMs: 5_000, callbackUrl: undefined },
    });
    expect(live?.airtel).toBeUndefined();
  });

  it('names what is missing when a provider is half set, and bad provider values, with the other settings', () => {
    const half = () =>
      loadConfig({
        DATA_DIR: dir,
        PORT: 'abc',
        MTN_MOMO_BASE_URL: 'https://sandbox.momodeveloper.mtn.com',
        AIRTEL_MONEY_CLIENT_SECRET: 'x',
      });
    expect(half).toThrow(ConfigError);
    expect(half).toThrow(/PORT/);
    expect(half).toThrow(/MTN_MOMO_API_USER, MTN_MOMO_API_KEY, MTN_MOMO_SUBSCRIPTION_KEY: MTN MoMo needs/);
    expect(half).toThrow(/AIRTEL_MONEY_BASE_URL, AIRTEL_MONEY_CLIENT_ID: Airtel Money needs/);
    expect(() => loadConfig({ DATA_DIR: dir, MTN_MOMO_API_USER: 'not-a-uuid' })).toThrow(
      /MTN_MOMO_API_USER: must be the API user UUID/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, AIRTEL_MONEY_BASE_URL: 'ftp://x' })).toThrow(/AIRTEL_MONEY_BASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER_TIMEOUT_SECONDS: '0' })).toThrow(
      /PAYMENT_PROVIDER_TIMEOUT_SECONDS/,
    );
  });

  it('keeps images in DATA_DIR/uploads unless STORAGE_URL names a bucket, with endpoint, region and keys beside it', () => {
    expect(loadConfig({ DATA_DIR: dir }).storage).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, STORAGE_URL: '' }).storage).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, STORAGE_URL: 's3://coop-images' }).storage).toEqual({
      bucket: 'coop-images',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        STORAGE_URL: 's3://coop.images/shop/products/',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
      }).storage,
    ).toEqual({
      bucket: 'coop.images',
      prefix: 'shop/products',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
  });

  it('stops on a storage setting that cannot work, naming it and never printing the secret', () => {
    for (const url of [
      'https://bucket.s3.amazonaws.com',
      's3://',
      's3://UPPER',
      's3://ab',
      's3://bucket//double',
      's3://bucket/../up',
      's3://bucket/a/./b',
      's3://bucket?x=1',
    ]) {
      expect(() => loadConfig({ DATA_DIR: dir, STORAGE_URL: url }), url).toThrow(/STORAGE_URL: must/);
    }
    expect(() => loadConfig({ DATA_DIR: dir, STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT: must be an http/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, STORAGE_URL: 's3://bucket', S3_REGION: 'Europe West' })).toThrow(
      /S3_REGION/,
    );
    const halfKeys = () =>
      loadConfig({ DATA_DIR: dir, STORAGE_URL: 's3://bucket', S3_SECRET_ACCESS_KEY: 'very-secret-value' });
    expect(halfKeys).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/);
    expect(halfKeys).not.toThrow(/very-secret-value/);
    const forgotten = () =>
      loadConfig({
        DATA_DIR: dir,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 'very-secret-value',
      });
    expect(forgotten).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set STORAGE_URL/);
    expect(forgotten).not.toThrow(/very-secret-value/);
  });

  it("writes texts to DATA_DIR/sms-outbox unless SMS_PROVIDER=africastalking, which needs the app's username and key", () => {
    expect(loadConfig({ DATA_DIR: dir }).sms).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'off', AFRICASTALKING_API_KEY: 'k' }).sms).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dir,
        SMS_PROVIDER: 'africastalking',
        AFRICASTALKING_USERNAME: 'sandbox',
        AFRICASTALKING_API_KEY: 'at-key',
      }).sms,
    ).toEqual({
      provider: 'africastalking',
      username: 'sandbox',
      apiKey: 'at-key',
      senderId: undefined,
      baseUrl: 'https://api.africastalking.com',
      timeoutMs: 15_000,
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        SMS_PROVIDER: 'africastalking',
        AFRICASTALKING_USERNAME: 'kabulonga-crafts',
        AFRICASTALKING_API_KEY: 'at-key',
        AFRICASTALKING_SENDER_ID: 'KABULONGA',
        AFRICASTALKING_URL: 'https://api.sandbox.africastalking.com/',
      }).sms,
    ).toMatchObject({ senderId: 'KABULONGA', baseUrl: 'https://api.sandbox.africastalking.com' });
  });

  it('texts one number at most 10 times a day about orders unless ORDER_TEXTS_PER_NUMBER_PER_DAY says otherwise (0: no limit)', () => {
    expect(loadConfig({ DATA_DIR: dir }).orderTextsPerNumberPerDay).toBe(10);
    expect(loadConfig({ DATA_DIR: dir, ORDER_TEXTS_PER_NUMBER_PER_DAY: '25' }).orderTextsPerNumberPerDay).toBe(25);
    expect(loadConfig({ DATA_DIR: dir, ORDER_TEXTS_PER_NUMBER_PER_DAY: '0' }).orderTextsPerNumberPerDay).toBe(0);
    for (const bad of ['-1', 'many', '2.5'])
      expect(() => loadConfig({ DATA_DIR: dir, ORDER_TEXTS_PER_NUMBER_PER_DAY: bad })).toThrow(
        /ORDER_TEXTS_PER_NUMBER_PER_DAY/,
      );
  });

  it('refuses to start with SMS_PROVIDER=africastalking and no username or key, never printing the key', () => {
    const noKey = () =>
      loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'africastalking', AFRICASTALKING_USERNAME: 'sandbox' });
    expect(noKey).toThrow(/AFRICASTALKING_API_KEY: SMS_PROVIDER=africastalking needs/);
    const noName = () =>
      loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'africastalking', AFRICASTALKING_API_KEY: 'very-secret-at-key' });
    expect(noName).toThrow(/AFRICASTALKING_USERNAME: SMS_PROVIDER/);
    expect(noName).not.toThrow(/very-secret-at-key/);
    expect(() => loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'twilio' })).toThrow(
      /SMS_PROVIDER: must be africastalking or off/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, AFRICASTALKING_URL: 'api.africastalking.com' })).toThrow(
      /AFRICASTALKING_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, AFRICASTALKING_SENDER_ID: 'Far-too-long-name' })).toThrow(
      /AFRICASTALKING_SENDER_ID/,
    );
  });
  it('reports nothing to ZRA unless SMART_INVOICE=vsdc, which needs the VSDC address, TPIN and device serial', () => {
    expect(loadConfig({ DATA_DIR: dir }).fiscal).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, SMART_INVOICE: 'off', VSDC_TPIN: '1002003004' }).fiscal).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dir,
        SMART_INVOICE: 'vsdc',
        VSDC_URL: 'http://localhost:8080/zrasandboxvsdc/',
        VSDC_TPIN: '1002003004',
        VSDC_DEVICE_SERIAL: 'VSDC-2026-0001',
      }).fiscal,
    ).toEqual({
      vsdcUrl: 'http://localhost:8080/zrasandboxvsdc',
      tpin: '1002003004',
      branchId: '000',
      deviceSerial: 'VSDC-2026-0001',
      timeoutMs: 30_000,
      defaultItemClass: undefined,
      deliveryCategory: 'D',
      creditNoteReason: '02',
      leaseMs: 60_000,
    });
  });

  it('refuses to start with SMART_INVOICE=vsdc half set or a malformed VSDC setting, naming each', () => {
    expect(() => loadConfig({ DATA_DIR: dir, SMART_INVOICE: 'vsdc', VSDC_TPIN: '1002003004' })).toThrow(
      /VSDC_URL, VSDC_DEVICE_SERIAL: SMART_INVOICE=vsdc needs/,
    );
    const full = {
      DATA_DIR: dir,
      SMART_INVOICE: 'vsdc',
      VSDC_URL: 'http://localhost:8080/zrasandboxvsdc',
      VSDC_TPIN: '1002003004',
      VSDC_DEVICE_SERIAL: 'VSDC-2026-0001',
    };
    expect(() => loadConfig({ ...full, VSDC_TPIN: '12345' })).toThrow(/VSDC_TPIN: must be the 10-digit TPIN/);
    expect(() => loadConfig({ ...full, VSDC_BRANCH_ID: '1' })).toThrow(/VSDC_BRANCH_ID/);
    expect(() => loadConfig({ ...full, VSDC_URL: 'localhost:8080' })).toThrow(/VSDC_URL/);
    expect(() => loadConfig({ ...full, VSDC_DELIVERY_TAX_CATEGORY: 'A' })).toThrow(/VSDC_DELIVERY_TAX_CATEGORY/);
    expect(() => loadConfig({ ...full, SMART_INVOICE: 'zra' })).toThrow(/SMART_INVOICE: must be vsdc or off/);
    expect(() => loadConfig({ ...full, VSDC_TIMEOUT_SECONDS: '2' })).toThrow(/VSDC_TIMEOUT_SECONDS/);
  });
});
