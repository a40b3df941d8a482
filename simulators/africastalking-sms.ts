import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_SMS_BEHAVIOUR, AT_STATUS, type SmsInbox } from './africastalking-sms-inbox';

/** The Africa's Talking application the simulator knows (docs/settings.md: the shop's AFRICASTALKING_* settings). */
export interface AfricasTalkingAccount {
  username: string;
  apiKey: string;
}

const COST = 'ZMW 0.2500';
const NUMBER = /^\+[1-9]\d{7,14}$/;
const ZAMBIAN = /^\+260\d{9}$/;
const SENDER_ID = /^[A-Za-z0-9 ]{1,11}$/;

/**
 * Africa's Talking's SMS API as its official SDK calls it: POST /version1/messaging with a form body and
 * the key in an `apiKey` header; 201 with one entry per recipient, a text body for a refused request.
 * And, under /_sim/sms, what tests and testers need: the messages received, failures and slowness on demand.
 */
export function smsRoutes(app: FastifyInstance, inbox: SmsInbox, account: AfricasTalkingAccount): void {
  app.post('/version1/messaging', async (request, reply) => {
    inbox.requests += 1;
    inbox.inFlight += 1;
    try {
      return await messaging(request, reply);
    } finally {
      inbox.inFlight -= 1;
    }
  });

  async function messaging(request: FastifyRequest, reply: FastifyReply) {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const { behaviour } = inbox;
    if (behaviour.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, behaviour.slowMs));
    if (request.headers.apikey !== account.apiKey || form.username !== account.username) {
      return reply.code(401).type('text/plain').send('The supplied authentication is invalid');
    }
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return reply.code(415).type('text/plain').send('Unsupported content type');
    }
    if (!form.to) return reply.code(400).type('text/plain').send("Request is missing required form field 'to'");
    if (!form.message)
      return reply.code(400).type('text/plain').send("Request is missing required form field 'message'");
    const failing = behaviour.failNext > 0;
    if (failing) behaviour.failNext -= 1;
    if (failing && behaviour.httpStatus)
      return reply.code(behaviour.httpStatus).type('text/plain').send('Simulated failure');
    if (form.from !== undefined && !SENDER_ID.test(form.from)) {
      return reply.code(201).send({ SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } });
    }
    const recipients = form.to.split(',').map((to) => {
      const number = to.trim();
      const code =
        !NUMBER.test(number) || (number.startsWith('+260') && !ZAMBIAN.test(number))
          ? 403
          : failing
            ? behaviour.statusCode
            : 101;
      const message = inbox.receive(number, form.from ?? null, form.message!, code);
      return {
        statusCode: code,
        number,
        status: AT_STATUS[code] ?? 'Failed',
        cost: code < 200 ? COST : '0',
        messageId: code < 200 ? message.messageId : 'None',
      };
    });
    const sent = recipients.filter((r) => r.statusCode < 200).length;
    return reply.code(201).send({
      SMSMessageData: {
        Message: `Sent to ${sent}/${recipients.length} Total Cost: ZMW ${(sent * 0.25).toFixed(4)}`,
        Recipients: recipients,
      },
    });
  }

  // The account's balance, as the SDK's application.fetchApplicationData reads it: what `coop-shop doctor`
  // asks to learn that the key is accepted, without sending anything.
  app.get<{ Querystring: { username?: string } }>('/version1/user', async (request, reply) => {
    if (request.headers.apikey !== account.apiKey || request.query.username !== account.username)
      return reply.code(401).type('text/plain').send('The supplied authentication is invalid');
    return { UserData: { balance: 'ZMW 250.0000' } };
  });

  app.get<{ Querystring: { to?: string; all?: string } }>('/_sim/sms/messages', async (request) => ({
    messages: inbox.to(request.query.to, request.query.all === 'true'),
  }));

  app.delete('/_sim/sms/messages', async () => {
    inbox.messages = [];
    inbox.requests = 0;
    return { message: 'Forgot every text message' };
  });

  app.post('/_sim/sms/behaviour', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const count = (key: string, ok: (n: number) => boolean) =>
      body[key] === undefined || (Number.isInteger(body[key]) && ok(body[key] as number));
    if (!count('failNext', (n) => n >= 0) || !count('slowMs', (n) => n >= 0 && n <= 120_000)) {
      return reply
        .code(400)
        .send({ message: 'failNext and slowMs must be whole numbers, 0 or more (slowMs up to 120000)' });
    }
    if (!count('statusCode', (n) => n in AT_STATUS && n >= 400))
      return reply
        .code(400)
        .send({ message: "statusCode must be a failure code of Africa's Talking (401-409, 500-502)" });
    if (
      body.httpStatus !== undefined &&
      body.httpStatus !== null &&
      !count('httpStatus', (n) => n >= 400 && n <= 599)
    ) {
      return reply.code(400).send({ message: 'httpStatus must be an HTTP error status, or null' });
    }
    const change = Object.fromEntries(Object.entries(body).filter(([key]) => key in DEFAULT_SMS_BEHAVIOUR));
    inbox.behaviour = { ...inbox.behaviour, ...change };
    return { behaviour: inbox.behaviour };
  });

  app.delete('/_sim/sms/behaviour', async () => {
    inbox.behaviour = { ...DEFAULT_SMS_BEHAVIOUR };
    return { behaviour: inbox.behaviour };
  });
}
