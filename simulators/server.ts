import Fastify, { type FastifyInstance } from 'fastify';
import type { AirtelAccount } from './airtel-money';
import type { MtnDisbursementAccount } from './mtn-disbursement';
import { controlRoutes } from './control-routes';
import type { MtnAccount } from './mtn-momo';
import { phonePage } from './phone-page';
import { SIMULATED_PROVIDERS } from './providers';
import type { SettleOptions } from './settle';
import { smsRoutes, type AfricasTalkingAccount } from './africastalking-sms';
import { SimulatorState } from './state';
import { DEMO_AFRICASTALKING, DEMO_AIRTEL, DEMO_MTN, DEMO_MTN_DISBURSEMENT, DEMO_USSD } from './demo-accounts';
import { ussdRoutes, type UssdGateway } from './africastalking-ussd';
import { vsdcSimulator, type VsdcAccount } from './vsdc';

/**
 * The simulators of the shop's outside providers, one server on one port: the collection providers of
 * providers.ts (MTN MoMo and its refunds, Airtel Money and its disbursements, Lenco with Zamtel, cards and
 * signed webhooks) as the shop's clients use them, and Africa's Talking's SMS API (africastalking-sms.ts),
 * over real HTTP, with a phone page for testers and a control API for tests.
 * They import nothing from the shop, and the shop nothing from them (decision 027).
 */
export interface SimulatorOptions extends SettleOptions {
  host?: string;
  port?: number;
  mtn?: Partial<MtnAccount>;
  mtnDisbursement?: Partial<MtnDisbursementAccount>;
  airtel?: Partial<AirtelAccount>;
  africasTalking?: Partial<AfricasTalkingAccount>;
  /** Where the USSD gateway posts each step (the shop's /api/ussd/{secret}); unset: the code is not in service. */
  ussd?: Partial<UssdGateway>;
  /** ZRA's VSDC: the taxpayers it serves (the demo one by default) and how long signing takes (0 by default; about 2 s on a real device). */
  vsdc?: { accounts?: VsdcAccount[]; signingMs?: number };
}

export { DEMO_AFRICASTALKING, DEMO_AIRTEL, DEMO_MTN, DEMO_MTN_DISBURSEMENT, DEMO_USSD };

export interface RunningSimulators {
  url: string;
  state: SimulatorState;
  app: FastifyInstance;
  /** Changes where the providers' callbacks go (Airtel's and Lenco's are one URL per account). */
  settle: SettleOptions;
  /** Changes where USSD steps go (a test's shop listens on a port chosen after the simulator starts). */
  ussd: UssdGateway;
  close(): Promise<void>;
}

export async function startSimulators(options: SimulatorOptions = {}): Promise<RunningSimulators> {
  const state = new SimulatorState(SIMULATED_PROVIDERS);
  // Each provider reads its own fields (where its callbacks go), declared in its module; tests change them later.
  const settle: SettleOptions = { ...options };
  // A stopped simulator drops its connections at once: a client that gave up on a slow answer (an SMS
  // timeout test) can leave one the server does not count as idle, and close would wait for it.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  // Africa's Talking takes form bodies; the phone page's forms carry no fields (the action is in the address).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  for (const provider of SIMULATED_PROVIDERS) provider.routes(app, state, settle, options);
  smsRoutes(app, state.sms, { ...DEMO_AFRICASTALKING, ...options.africasTalking });
  controlRoutes(app, state, settle);
  const ussd: UssdGateway = { serviceCode: DEMO_USSD.serviceCode, ...options.ussd };
  ussdRoutes(app, state, ussd);
  if (options.vsdc?.accounts) state.vsdcAccounts = options.vsdc.accounts;
  state.vsdc.defaultSigningMs = options.vsdc?.signingMs ?? 0;
  state.vsdc.reset();
  vsdcSimulator(app, state.vsdc);
  phonePage(app, state);
  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return {
    url: address.replace('[::1]', 'localhost'),
    state,
    app,
    settle,
    ussd,
    async close() {
      state.clearTimers();
      await app.close();
    },
  };
}
