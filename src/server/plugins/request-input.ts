import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequest } from '../lib/http-errors';

/** NUL (PostgreSQL refuses it in text: a 500) and a half of a UTF-16 pair (stored as U+FFFD: text silently changed). */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The one home of rules every request's input follows before any route's schema sees it:
 * - a JSON content type with an empty body is no body (many clients send the header on every call), and a
 *   route that takes a body then validates `{}`, so all-optional bodies pass and required fields are named;
 * - no text anywhere in body, query or path may hold characters the database cannot store as sent.
 * Runs as preValidation, so the routes' onRequest authorisation answers 401/403 first.
 */
export default fp(async function requestInputPlugin(app: FastifyInstance) {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    defaultJsonParser(request, body as string, done);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    for (const input of [request.body, request.query, request.params]) {
      const where = findUnstorable(input);
      if (where !== null) {
        const prefix = where ? `${where.slice(0, 100)}: ` : '';
        throw BadRequest(`${prefix}text must not contain NUL characters or broken Unicode (an unpaired surrogate)`);
      }
    }
  });
});

/** The dotted path of the first string or key that cannot be stored, '' for the top level, null when all is well. */
function findUnstorable(root: unknown): string | null {
  // An explicit stack, not recursion: a 1 MB body can nest arrays hundreds of thousands deep.
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return path;
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}
