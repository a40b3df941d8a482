import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';
import { redactUrl } from '../lib/request-log';

/** One place that turns every failure into `{message}` with the right status; never a stack trace. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // A 5xx of ours (e.g. image storage unreachable) tells the client little; the log keeps why.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.status(error.statusCode).send({ message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const text = issue?.message ?? 'Invalid request';
      // Messages that already name their field ("page must be ...") or are sentences ("Address is required") stand alone.
      const field = where?.split('.').pop() ?? '';
      const message = where && !/^[A-Z]/.test(text) && !text.startsWith(field) ? `${where}: ${text}` : text;
      return reply.status(400).send({ message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error, status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // With the web app built, its catch-all page route takes what the router refused for length, and hands
    // API addresses here: the same 414 as without it, and never a secret of the address said back.
    if (path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH))
      return reply.status(414).send({ message: 'The address is too long' });
    return reply.status(404).send({ message: `Not found: ${request.method} ${redactUrl(path)}` });
  });
});

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'File too large (at most 10 MB)';
    case 'FST_FILES_LIMIT':
      return 'Too many files (at most 4 per upload)';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'Expected a multipart/form-data upload';
    default:
      return status === 429 ? error.message || 'Too many requests' : error.message || 'Bad request';
  }
}

/**
 * The router's own refusals, before any route or plugin runs (Fastify's `frameworkErrors`): a path segment
 * past `maxParamLength` (414) or one that does not decode (400). Fastify's answer would echo the whole
 * path, which for the USSD callback is its secret; these answer `{message}` like every other error.
 */
/** The router's limit on one path segment (`routerOptions.maxParamLength` in app.ts). */
export const MAX_PARAM_LENGTH = 200;

export function routerErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(414).send({ message: 'The address is too long' });
  else if (error.code === 'FST_ERR_BAD_URL') void reply.status(400).send({ message: 'The address is not valid' });
  else void reply.status(500).send({ message: 'Internal server error' });
}
