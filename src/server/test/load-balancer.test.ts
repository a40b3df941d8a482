import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoadBalancer, type LoadBalancer } from './load-balancer';

/** nginx from the system's package in front of two bare HTTP servers: what the shop instances would see. */

interface Seen {
  name: string;
  headers: IncomingHttpHeaders;
  bytes: number;
}
const seen: Seen[] = [];
const servers: Server[] = [];
let upstreams: string[];
let balancer: LoadBalancer;

function upstream(name: string) {
  return new Promise<string>((resolve) => {
    const server = createServer((request, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        seen.push({ name, headers: request.headers, bytes });
        response.end(name);
      });
    }).listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as { port: number }).port}`));
    servers.push(server);
  });
}

beforeAll(async () => {
  upstreams = [await upstream('a'), await upstream('b')];
  balancer = await startLoadBalancer(upstreams);
});

afterAll(async () => {
  await balancer?.close();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('startLoadBalancer', () => {
  it('alternates between the instances, passes the client address, scheme and host, and takes a 20 MB upload', async () => {
    seen.length = 0;
    const served: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${balancer.url}/api/products?i=${i}`, {
        method: i === 3 ? 'POST' : 'GET',
        body: i === 3 ? new Uint8Array(20 * 1024 * 1024) : undefined,
      });
      expect(response.status).toBe(200);
      served.push(response.headers.get('x-upstream')!);
      await response.text();
    }
    expect(new Set(served)).toEqual(new Set(upstreams));
    expect(served.every((u, i) => i === 0 || u !== served[i - 1])).toBe(true);
    expect(seen[3].bytes).toBe(20 * 1024 * 1024);
    const host = new URL(balancer.url).host;
    expect(seen[0].headers).toMatchObject({
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': host.split(':')[0],
      host: host.split(':')[0],
    });
  });

  it('is gone after close', async () => {
    const url = balancer.url;
    await balancer.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});
