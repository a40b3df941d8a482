import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * The server's log: keys to orders and accounts never reach it. Logs are read by whoever
 * runs the server, copied into backups of the machine and pasted into chats for help; an order
 * link's token opens the order for 60 days to anyone who holds it, and the USSD callback's secret lets
 * anyone place orders as any number.
 */
export const REDACTED = '[redacted]';

/**
 * Addresses whose next segment is a key: the signed order link, as a page and through the API, and the
 * USSD callback's secret (any segment there but the translations' own, so a wrong guess is hidden too).
 */
const KEYED_PATHS = [
  /^(\/o\/)[^/?#]+/,
  /^(\/api\/order-links\/)[^/?#]+/,
  /^(\/+api\/+ussd\/+)(?!translations(?:[/?#]|$))[^/?#]+/i,
];
/** Query values that are keys or secrets by how their name ends (token=, code=, apiKey=, client_secret=; not keyword=). */
const SECRET_QUERY_NAME = /(token|code|key|secret|password|signature|sig)$/i;

/** The address as a log may show it: the path's keys and the secret query values replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  let path = at === -1 ? url : url.slice(0, at);
  for (const pattern of KEYED_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A name that does not decode is kept as sent, and redacted by what it looks like.
      }
      return SECRET_QUERY_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** What each request's log lines say about it (Fastify's own fields, the address redacted; no headers). */
function requestFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger of buildApp; `stream` lets a test read what would be written. */
export function requestLogOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: requestFields },
    // Headers are not logged by the serializer above; these cover a header or body logged on purpose.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.token',
      ],
      remove: true,
    },
  };
}
