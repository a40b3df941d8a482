import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EARLY_TAPS_SCRIPT } from '../../shared/early-taps';

/** The one inline script the pages carry, allowed by its hash and nothing else inline. */
const EARLY_TAPS_HASH = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;

/**
 * The policy of a page that pays by card (decision 036): the same, with the card widget's origin added to
 * script-src (its script) and frame-src (its popup is a frame); nothing else is opened.
 */
export function policyOpenedTo(policy: string, origin: string): string {
  return policy
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0];
      return name === 'script-src' || name === 'frame-src' ? `${directive.trim()} ${origin}` : directive;
    })
    .join(';');
}

/**
 * Security headers for API and pages alike. The CSP allows only our own origin, inline styles that React
 * sets, and the drawn pages' one inline script (src/shared/early-taps.ts) by its hash.
 */
export default fp(async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", EARLY_TAPS_HASH],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://www.openstreetmap.org'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
});
