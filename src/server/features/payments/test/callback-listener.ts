import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCallback {
  method: string;
  path: string;
  body: unknown;
}

/** A small HTTP peer standing in for the shop's callback route: it records what providers send. */
export async function startCallbackListener() {
  const received: ReceivedCallback[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        body: JSON.parse(text || 'null') as unknown,
      });
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` callbacks have arrived, or rejects after `ms`. */
    async waitFor(count: number, ms = 5_000): Promise<ReceivedCallback[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} callbacks, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
