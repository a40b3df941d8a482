import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import { formatZambianMobile } from '../../../shared/phone-numbers';
import {
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_SECONDS,
  mobileChangeSchema,
  needsNameSchema,
  phoneCodeRequestSchema,
  phoneCodeSentSchema,
  phoneVerifySchema,
} from '../../../shared/schemas/phone-sign-in';
import { authUserSchema } from '../../../shared/schemas/users';
import { toUserJson, type UserRow } from './queries';
import type { LimitHit } from './phone-limits';
import {
  addMobileWithCode,
  checkMayAddMobile,
  phoneDeps,
  removeMobile,
  sendPhoneCode,
  signInWithCode,
} from './phone-sign-in';

const bearer = [{ bearerAuth: [] }];

/**
 * Signing in with a phone number and a code sent by text (docs/decisions/016-phone-sign-in.md), and the
 * profile's sign-in number.
 */
const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = phoneDeps(app);
  const session = (user: UserRow) => ({ ...toUserJson(user), token: app.signToken(user) });

  function tooMany(reply: FastifyReply, hit: LimitHit) {
    return reply
      .status(429)
      .header('retry-after', String(Math.max(1, Math.ceil(hit.waitMs / 1000))))
      .send({ message: hit.message });
  }

  /** The same answer for every number: whether it has an account is never told. */
  const codeSent = (mobile: string) => ({
    message: `We sent a code to ${formatZambianMobile(mobile)}.`,
    phone: mobile,
    resendAfterSeconds: PHONE_CODE_RESEND_SECONDS,
    expiresInSeconds: PHONE_CODE_TTL_SECONDS,
  });

  app.post(
    '/phone/code',
    {
      schema: {
        tags: ['users'],
        summary: 'Text a sign-in code to a Zambian mobile number (the same answer whether or not it has an account)',
        body: phoneCodeRequestSchema,
        response: { 200: phoneCodeSentSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const hit = await sendPhoneCode(deps, {
        mobile: request.body.phone,
        purpose: 'sign-in',
        userId: null,
        address: request.ip,
      });
      return hit ? tooMany(reply, hit) : codeSent(request.body.phone);
    },
  );

  app.post(
    '/phone/verify',
    {
      schema: {
        tags: ['users'],
        summary:
          'Sign in with the code (200), or open an account with it and a name (201); 400 needsName when a name is wanted',
        body: phoneVerifySchema,
        response: {
          200: authUserSchema,
          201: authUserSchema,
          400: needsNameSchema,
          403: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, created } = await signInWithCode(deps, {
        mobile: request.body.phone,
        code: request.body.code,
        name: request.body.name,
      });
      return reply.status(created ? 201 : 200).send(session(user));
    },
  );

  app.post(
    '/profile/mobile/code',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Text a code to a number the signed-in customer wants to sign in with (not for admins)',
        security: bearer,
        body: phoneCodeRequestSchema,
        response: { 200: phoneCodeSentSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.currentUser!.id;
      // A number held by another account still gets its code: that is told only to whoever has the code.
      await checkMayAddMobile(app.db, userId, request.body.phone);
      const hit = await sendPhoneCode(deps, {
        mobile: request.body.phone,
        purpose: 'add-number',
        userId,
        address: request.ip,
      });
      return hit ? tooMany(reply, hit) : codeSent(request.body.phone);
    },
  );

  app.put(
    '/profile/mobile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Make the confirmed number the sign-in number; 409 when another account has it',
        security: bearer,
        body: mobileChangeSchema,
        response: { 200: authUserSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      session(
        await addMobileWithCode(deps, request.currentUser!.id, { mobile: request.body.phone, code: request.body.code }),
      ),
  );

  app.delete(
    '/profile/mobile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Stop signing in with the number (only for an account with an e-mail and a password)',
        security: bearer,
        response: { 200: authUserSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => session(await removeMobile(app.db, request.currentUser!.id)),
  );
};

export default phoneRoutes;
