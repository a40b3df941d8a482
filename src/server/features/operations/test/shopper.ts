import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { PeerCertificate, TLSSocket } from 'node:tls';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  certificate?: PeerCertificate;
}

/**
 * A shopper's request to the shop's domain, as from another machine: the domain resolves to this one
 * (what the DNS would answer), the connection leaves from 127.0.0.5 (not Caddy's 127.0.0.1, so the shop's
 * log can tell them apart), and HTTPS trusts only `ca`.
 */
export function shopperGet(
  url: string,
  options: { ca?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const secure = url.startsWith('https:');
  const send = secure ? httpsRequest : request;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        headers: options.headers,
        ca: options.ca,
        localAddress: '127.0.0.5',
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) callback(null, [{ address: '127.0.0.1', family: 4 }] as never);
          else (callback as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4);
        },
      },
      (response) => {
        // Read now: the socket is handed back (or closed) once the answer ends.
        const certificate = secure ? (response.socket as TLSSocket).getPeerCertificate() : undefined;
        const chunks: Buffer[] = [];
        response.on('data', (d: Buffer) => chunks.push(d));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('latin1'),
            certificate,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
