import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../limits';
import { HttpError, NotFound, Unauthorized } from '../../lib/http-errors';
import { errorSchema, idSchema, messageSchema } from '../../../shared/schemas/common';
import {
  adminUpdateUserSchema,
  authUserSchema,
  loginSchema,
  registerSchema,
  updateProfileSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userStatsSchema,
} from '../../../shared/schemas/users';
import { tooManyAttemptsMessage } from './login-throttle';
import { loginFailuresInDatabase, loginFailuresInMemory } from './login-failures';
import { findUserById, listUsers, toUserJson, userStats } from './queries';
import phoneRoutes from './phone-routes';
import {
  USER_NOT_FOUND,
  checkCredentials,
  deleteUserAsAdmin,
  registerCustomer,
  updateProfile,
  updateUserAsAdmin,
} from './service';

const idParams = z.object({ id: idSchema });
const bearer = [{ bearerAuth: [] }];
const authErrors = { 401: errorSchema };
const adminErrors = { 401: errorSchema, 403: errorSchema };

/** Failed logins of one account from one address, and from one address over any accounts, before it waits (15 minutes). */
export const ACCOUNT_FAILURES_ALLOWED = 5;
export const ADDRESS_FAILURES_ALLOWED = 50;

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // On PostgreSQL in the database, so every instance counts the same tries; on the embedded
  // database in memory. Many shoppers share one carrier address: 5 failures block one account at that
  // address, and only a sweep of many accounts (50 failures) blocks the address for everyone.
  const failures = app.database.kind === 'postgres' ? loginFailuresInDatabase(app.db) : loginFailuresInMemory();
  app.addHook('onClose', async () => failures.close());
  // Each registration costs a password hash (~0.2 s of CPU): a cap per address keeps a script from using that up.
  await app.register(rateLimit, {
    global: false,
    // On PostgreSQL every instance counts in one table; on the embedded database in memory.
    store: sharedRateLimitStore(app),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many new accounts from your address. Please try again in ${context.after}.`),
  });
  // Signing in with a phone number and a texted code; the sign-in number on the profile.
  await app.register(phoneRoutes);

  app.post(
    '/login',
    {
      schema: {
        tags: ['users'],
        summary:
          'Log in: answers the user with a token; 5 failures of one account from one address, or 50 from one address, get 429',
        body: loginSchema,
        response: { 200: authUserSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const address = request.ip;
      // The e-mail as typed another way is the same account; only a digest of it is stored.
      const account = `${address} ${createHash('sha256').update(request.body.email.trim().toLowerCase()).digest('base64url')}`;
      const attempt = await failures.attempt([
        { key: account, max: ACCOUNT_FAILURES_ALLOWED, forgivenOnSuccess: true },
        { key: address, max: ADDRESS_FAILURES_ALLOWED },
      ]);
      if (attempt.waitMs > 0) {
        return reply
          .status(429)
          .header('retry-after', String(Math.ceil(attempt.waitMs / 1000)))
          .send({ message: tooManyAttemptsMessage(attempt.waitMs) });
      }
      const user = await checkCredentials(app.db, request.body.email, request.body.password);
      if (!user) throw Unauthorized('Invalid email or password');
      await attempt.succeeded();
      return { ...toUserJson(user), token: app.signToken(user) };
    },
  );

  app.post(
    '/',
    {
      config: { rateLimit: { max: app.config.registrationsPerHour ?? 10, timeWindow: 60 * 60_000 } },
      schema: {
        tags: ['users'],
        summary: 'Register a customer account (never an admin); answers the user with a token',
        body: registerSchema,
        response: { 201: authUserSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await registerCustomer(app.db, request.body);
      return reply.status(201).send({ ...toUserJson(user), token: app.signToken(user) });
    },
  );

  app.get(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.currentUser!.id);
      if (!user) throw Unauthorized('Not authorized, token failed');
      return toUserJson(user);
    },
  );

  app.put(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Update own profile; a new password needs currentPassword. Answers the user and a fresh token',
        security: bearer,
        body: updateProfileSchema,
        response: { 200: authUserSchema, 400: errorSchema, ...authErrors, 409: errorSchema },
      },
    },
    async (request) => {
      const user = await updateProfile(app.db, request.currentUser!.id, request.body);
      return { ...toUserJson(user), token: app.signToken(user) };
    },
  );

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Admin: users, newest first; keyword matches name or e-mail',
        security: bearer,
        querystring: userListQuerySchema,
        response: { 200: userListSchema, 400: errorSchema, ...adminErrors },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/stats',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Admin: user counts',
        security: bearer,
        response: { 200: userStatsSchema, ...adminErrors },
      },
    },
    async () => userStats(app.db),
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Admin: one user',
        security: bearer,
        params: idParams,
        response: { 200: userSchema, ...adminErrors, 404: errorSchema },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.params.id);
      if (!user) throw NotFound(USER_NOT_FOUND);
      return toUserJson(user);
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Admin: update name, e-mail or admin flag (not your own flag; never the last admin)',
        security: bearer,
        params: idParams,
        body: adminUpdateUserSchema,
        response: { 200: userSchema, 400: errorSchema, ...adminErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      toUserJson(await updateUserAsAdmin(app.db, request.currentUser!, request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Admin: delete a user (not yourself; never the last admin). Their orders remain',
        security: bearer,
        params: idParams,
        response: { 200: messageSchema, 400: errorSchema, ...adminErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      await deleteUserAsAdmin(app.db, request.currentUser!, request.params.id);
      return { message: 'User deleted successfully' };
    },
  );
};

export default userRoutes;
