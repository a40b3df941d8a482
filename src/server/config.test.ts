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

  it('names every bad setting in one clear message', () => {
    const bad = () =>
      loadConfig({ DATA_DIR: dir, PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', JWT_SECRET: 'short' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'JWT_SECRET']) expect(message).toContain(name);
    }
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'Admin@B.co', ADMIN_PASSWORD: 'long-enough' }).admin).toEqual({
      email: 'admin@b.co',
      password: 'long-enough',
    });
  });

  it('closes slow requests and idle connections: 120 s a request and 10 s idle keep-alive unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir }).httpTimeouts).toEqual({ requestMs: 120_000, headersMs: 15_000, keepAliveMs: 10_000, idleMs: 60_000 });
    expect(loadConfig({ DATA_DIR: dir, REQUEST_TIMEOUT_SECONDS: '10', KEEP_ALIVE_TIMEOUT_SECONDS: '65' }).httpTimeouts).toEqual({
      requestMs: 10_000,
      headersMs: 10_000,
      keepAliveMs: 65_000,
      idleMs: 70_000,
    });
    expect(() => loadConfig({ DATA_DIR: dir, REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ DATA_DIR: dir, KEEP_ALIVE_TIMEOUT_SECONDS: 'soon' })).toThrow(/KEEP_ALIVE_TIMEOUT_SECONDS/);
  });
});
