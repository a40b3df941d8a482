import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

/** Opens a raw connection, writes `send`, and answers what came back and after how long the server closed it. */
function holdConnection(
  port: number,
  send: string,
  giveUpMs: number,
): Promise<{ closedAfterMs: number | null; received: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      if (send) socket.write(send);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => {});
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, received });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, received });
    });
  });
}

describe('HTTP timeouts on a listening server', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ httpTimeouts: { requestMs: 1_000, headersMs: 600, keepAliveMs: 500, idleMs: 2_500 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('closes a connection whose headers never finish', async () => {
    const { closedAfterMs } = await holdConnection(port, 'GET /api/health HTTP/1.1\r\nHost: shop\r\n', 5_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(2_000);
  });

  it('answers 408 and closes a request whose body never finishes', async () => {
    const head =
      'POST /api/contact HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const { closedAfterMs, received } = await holdConnection(port, `${head}{"name":"Half`, 5_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(2_500);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection after its request was answered', async () => {
    const { closedAfterMs, received } = await holdConnection(
      port,
      'GET /api/health HTTP/1.1\r\nHost: shop\r\nConnection: keep-alive\r\n\r\n',
      5_000,
    );
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(2_000);
  });

  it('closes a connection that never sends anything', async () => {
    const { closedAfterMs } = await holdConnection(port, '', 5_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(3_000);
  });
});

describe('HTTP timeouts in production', () => {
  it('default to 120 s a request, 15 s for headers, 65 s idle keep-alive (above a proxy idle timeout of 60 s) and 130 s without traffic', async () => {
    const t = await createTestApp();
    try {
      const server = t.app.server;
      expect(server.requestTimeout).toBe(120_000);
      expect(server.headersTimeout).toBe(15_000);
      expect(server.keepAliveTimeout).toBe(65_000);
      expect(server.timeout).toBe(130_000);
    } finally {
      await t.close();
    }
  });
});
