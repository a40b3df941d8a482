import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { readableLogFormatter, readableLogStream } from './readable-log';

const at = Date.UTC(2026, 10, 27, 13, 5, 9);
const clock = new Date(at).toTimeString().slice(0, 8);

describe('the readable log of a terminal', () => {
  it('writes time, level, message, method, address, status and milliseconds', () => {
    const format = readableLogFormatter();
    const incoming = {
      level: 30,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'r1',
      req: { method: 'GET', url: '/api/products?page=2', host: 'x', remoteAddress: '127.0.0.1' },
      msg: 'incoming request',
    };
    const completed = {
      level: 30,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'r1',
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    };
    expect(format(JSON.stringify(incoming))).toBe(`${clock} INFO  incoming request GET /api/products?page=2\n`);
    expect(format(JSON.stringify(completed))).toBe(
      `${clock} INFO  request completed GET /api/products?page=2 200 12 ms\n`,
    );
    // Its request was written once: a second completion of the same id has no address to add.
    expect(format(JSON.stringify(completed))).toBe(`${clock} INFO  request completed 200 12 ms\n`);
  });

  it('adds the other fields as key=value and an error with its stack, and passes a line that is not JSON', () => {
    const format = readableLogFormatter();
    expect(
      format(JSON.stringify({ level: 40, time: at, msg: 'shutting down', signal: 'SIGTERM', counts: { sent: 2 } })),
    ).toBe(`${clock} WARN  shutting down signal=SIGTERM counts={"sent":2}\n`);
    const error = format(
      JSON.stringify({
        level: 50,
        time: at,
        msg: 'send failed',
        err: { message: 'boom', stack: 'Error: boom\n    at send (outbox.ts:1:1)' },
      }),
    );
    expect(error).toBe(`${clock} ERROR send failed\n  Error: boom\n      at send (outbox.ts:1:1)\n`);
    expect(format('not json')).toBe('not json\n');
  });

  describe("on the server's own logger", () => {
    const written: string[] = [];
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(
        { logLevel: 'info' },
        { logStream: readableLogStream({ write: (text: string) => written.push(text) }) },
      );
    });
    afterAll(() => t?.close());

    it('keeps the redaction: an order link token never reaches the line', async () => {
      const token = 'a'.repeat(60);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/order-links/${token}?code=123456`,
        headers: { authorization: 'Bearer secret-bearer' },
      });
      const lines = written.join('');
      expect(lines).toMatch(
        new RegExp(
          `request completed GET /api/order-links/\\[redacted\\]\\?code=\\[redacted\\] ${res.statusCode} \\d+ ms`,
        ),
      );
      expect(lines).not.toContain(token);
      expect(lines).not.toContain('123456');
      expect(lines).not.toContain('secret-bearer');
      expect(lines).not.toContain('{"level"');
    });
  });
});
