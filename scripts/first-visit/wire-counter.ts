/**
 * Counts what goes over the wire between a browser and the shop: a TCP relay on loopback that the
 * browser talks to instead of the shop, counting every byte each way (headers, bodies, compressed as
 * sent) and naming each HTTP/1.1 request it carries. What the browser takes from its own caches never
 * reaches it, so the count is what a phone's data plan would be charged for this visit.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** One request as it crossed the wire, with the bytes of its request and of its answer. */
export interface WireRequest {
  method: string;
  path: string;
  /** Sec-Fetch-Dest: `document`, `script`, `image`, `serviceworker`, or `empty` for a fetch() (a worker's own). */
  dest: string;
  saveData: boolean;
  sent: number;
  received: number;
}

const HEAD_END = '\r\n\r\n';

/**
 * Splits one connection's bytes from the browser into requests (HTTP/1.1, one after the other: Chromium
 * does not pipeline) and counts each request's bytes. A body is skipped by its Content-Length.
 */
export class RequestSplitter {
  private head = '';
  private bodyLeft = 0;
  current: WireRequest | undefined;

  constructor(private readonly onRequest: (request: WireRequest) => void) {}

  /** Bytes from the browser. */
  sent(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length > 0) {
      if (this.bodyLeft > 0) {
        const taken = Math.min(this.bodyLeft, rest.length);
        this.bodyLeft -= taken;
        if (this.current) this.current.sent += taken;
        rest = rest.subarray(taken);
        continue;
      }
      const before = this.head.length;
      this.head += rest.toString('latin1');
      const end = this.head.indexOf(HEAD_END);
      // Its bytes are counted once the head is whole.
      if (end < 0) return;
      const headLength = end + HEAD_END.length;
      const request = parseHead(this.head.slice(0, end));
      request.sent = headLength;
      this.current = request;
      this.onRequest(request);
      this.bodyLeft =
        request.method === 'GET' || request.method === 'HEAD' ? 0 : contentLength(this.head.slice(0, end));
      rest = rest.subarray(headLength - before);
      this.head = '';
    }
  }

  /** Bytes to the browser: the answer to the latest request. */
  received(chunk: Buffer): void {
    if (this.current) this.current.received += chunk.length;
  }
}

function parseHead(head: string): WireRequest {
  const [requestLine, ...lines] = head.split('\r\n');
  const [method = '?', path = '?'] = requestLine.split(' ');
  const header = (name: string) =>
    lines
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  return {
    method,
    path,
    dest: header('sec-fetch-dest') || '?',
    saveData: header('save-data').toLowerCase() === 'on',
    sent: 0,
    received: 0,
  };
}

function contentLength(head: string): number {
  const found = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  return found ? Number(found[1]) : 0;
}

export class WireCounter {
  requests: WireRequest[] = [];
  /** Bytes that crossed the relay outside any request (none expected), and when the last byte did. */
  unattributed = 0;
  lastActivity = Date.now();
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly targetPort: number) {}

  /** Starts relaying on a free loopback port; answers that port. */
  async listen(): Promise<number> {
    this.server = createServer((browser) => this.relay(browser));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }

  private relay(browser: Socket) {
    const shop = connect(this.targetPort, '127.0.0.1');
    this.sockets.add(browser).add(shop);
    const splitter = new RequestSplitter((request) => this.requests.push(request));
    browser.on('data', (chunk: Buffer) => {
      this.lastActivity = Date.now();
      splitter.sent(chunk);
    });
    shop.on('data', (chunk: Buffer) => {
      this.lastActivity = Date.now();
      if (splitter.current) splitter.received(chunk);
      else this.unattributed += chunk.length;
    });
    browser.pipe(shop).pipe(browser);
    const close = () => {
      browser.destroy();
      shop.destroy();
      this.sockets.delete(browser);
      this.sockets.delete(shop);
    };
    browser.on('error', close).on('close', close);
    shop.on('error', close).on('close', close);
  }

  /** Starts a new count (the connections of an earlier visit should be closed first). */
  reset(): void {
    this.requests = [];
    this.unattributed = 0;
    this.lastActivity = Date.now();
  }

  totals(): { requests: number; sent: number; received: number } {
    return {
      requests: this.requests.length,
      sent: this.requests.reduce((sum, r) => sum + r.sent, 0),
      received: this.requests.reduce((sum, r) => sum + r.received, 0) + this.unattributed,
    };
  }

  /** Resolves once nothing has crossed for `quietMs`, or after `maxMs` in all (then `false`). */
  async quiet(quietMs: number, maxMs: number): Promise<boolean> {
    const start = Date.now();
    while (Date.now() - this.lastActivity < quietMs) {
      if (Date.now() - start > maxMs) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return true;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
