/**
 * The nginx configuration in front of several shop instances: one text for the docs' sample, the
 * load-balanced tests and `npm run cluster`, so what the docs show is what the tests run.
 */

export interface NginxSiteOptions {
  /** What nginx listens on: a port, or address:port. */
  listen: number | string;
  /** The shop instances, host:port (an http:// URL is accepted too). */
  upstreams: string[];
  /** Answers which instance served each request (X-Upstream: 127.0.0.1:3001): tests and local trials only. */
  showUpstream?: boolean;
}

/**
 * The http-level part (an `upstream` and a `server`): what goes into /etc/nginx/conf.d/ on a real machine.
 *
 * - Round robin (nginx's default) over the instances; keep-alive connections to them are reused, and
 *   nginx drops its idle ones after 60 s, before the shop's 65 s (KEEP_ALIVE_TIMEOUT_SECONDS), so nginx
 *   never sends a request down a connection the shop is closing.
 * - An instance that refused a connection, timed out or answered 503 (Fastify's answer on a kept-alive
 *   connection while the instance drains after SIGTERM) is skipped for 10 s. The request is tried once
 *   more on another instance when it is a GET, or when nothing reached the first (a refused connection):
 *   nginx never repeats a POST, PUT or DELETE that reached an instance.
 * - proxy_read_timeout: a slow answer (bulk mail, a big upload being resized) may take up to the shop's
 *   request timeout (120 s) before its first byte.
 * - 25 MB bodies: an upload of several photos of up to 10 MB each fits.
 */
export function nginxSiteConfig({ listen, upstreams, showUpstream = false }: NginxSiteOptions): string {
  if (upstreams.length === 0) throw new Error('nginx needs at least one shop instance');
  const servers = upstreams.map(
    (u) => `    server ${u.replace(/^https?:\/\//, '').replace(/\/$/, '')} max_fails=1 fail_timeout=10s;`,
  );
  return [
    'upstream coop_shop {',
    ...servers,
    '    keepalive 32;',
    '    keepalive_timeout 60s;',
    '}',
    '',
    'server {',
    `    listen ${listen};`,
    '    client_max_body_size 25m;',
    '',
    '    location / {',
    '        proxy_pass http://coop_shop;',
    '        proxy_http_version 1.1;',
    '        proxy_set_header Connection "";',
    '        proxy_set_header Host $host;',
    '        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '        proxy_set_header X-Forwarded-Proto $scheme;',
    '        proxy_set_header X-Forwarded-Host $host;',
    '        proxy_next_upstream error timeout http_503;',
    '        proxy_next_upstream_tries 2;',
    '        proxy_read_timeout 130s;',
    ...(showUpstream ? ['        add_header X-Upstream $upstream_addr always;'] : []),
    '    }',
    '}',
    '',
  ].join('\n');
}

/**
 * A whole nginx.conf for an nginx of our own (not the system service): one worker, so round robin
 * strictly alternates; pid, logs and temporary files in `runDir`; nothing logged per request.
 */
export function nginxStandaloneConfig(options: NginxSiteOptions & { runDir: string }): string {
  const dir = options.runDir;
  const site = nginxSiteConfig(options)
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `    ${line}` : line));
  return [
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    '',
    'http {',
    '    access_log off;',
    `    client_body_temp_path ${dir}/client_body;`,
    `    proxy_temp_path ${dir}/proxy;`,
    `    fastcgi_temp_path ${dir}/fastcgi;`,
    `    uwsgi_temp_path ${dir}/uwsgi;`,
    `    scgi_temp_path ${dir}/scgi;`,
    '',
    ...site,
    '}',
    '',
  ].join('\n');
}

/** The sample of docs/operations/several-machines.md: two machines with a shop each on port 3000. */
export const sampleNginxSiteConfig = () =>
  nginxSiteConfig({ listen: 80, upstreams: ['10.0.0.11:3000', '10.0.0.12:3000'] });
