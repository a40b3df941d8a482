import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Forbidden, Unauthorized } from '../lib/http-errors';
import { findSessionUser } from './auth-queries';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  /** The confirmed sign-in number (+260...), or null. */
  mobile: string | null;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid token of a user who still exists. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: as authenticate, and the user is an admin now (read from the database, not the token). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A token for the user as stored now; it stops working when their password (token version) changes. */
    signToken: (user: { id: string; tokenVersion: number }) => string;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; ver: number };
    user: { sub: string; ver?: number };
  }
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.register(jwt, { secret: app.config.jwtSecret, sign: { expiresIn: app.config.jwtExpiresIn } });
    app.decorateRequest('currentUser', null);
    app.decorate('signToken', (user: { id: string; tokenVersion: number }) =>
      app.jwt.sign({ sub: user.id, ver: user.tokenVersion }),
    );

    async function authenticate(request: FastifyRequest) {
      const header = request.headers.authorization;
      if (!header || !/^Bearer\s+\S+/i.test(header)) throw Unauthorized('Authentication required. Please log in.');
      let sub: string;
      let ver: number;
      try {
        const payload = await request.jwtVerify<{ sub: string; ver?: number }>();
        sub = payload.sub;
        ver = payload.ver ?? 0;
      } catch {
        throw Unauthorized('Not authorized, token failed');
      }
      const user = await findSessionUser(app.db, sub);
      if (!user || user.tokenVersion !== ver) throw Unauthorized('Not authorized, token failed');
      request.currentUser = {
        id: user.id,
        name: user.name,
        email: user.email ?? '',
        mobile: user.mobile,
        isAdmin: user.isAdmin,
      };
    }

    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.currentUser?.isAdmin) throw Forbidden('Not authorized as an admin');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
