import type { FastifyInstance } from 'fastify';
import type { CallbackCall, Final, SettleOptions, SimEnding } from './settle';
import type { SimulatorOptions } from './server';
import type { SimPayment, SimulatorState } from './state';

/**
 * One simulated collection provider, defined beside its routes and listed in providers.ts. The simulators
 * import nothing of the shop (decision 027), so this list is their own, matching the shop's registry by id.
 */
export interface SimulatedProvider {
  /** The shop's provider id (src/shared/payment-methods.ts). */
  id: string;
  /** As the phone page names it. */
  name: string;
  /** Mounts its API (and its refund product's), with its account from the options or the demo one. */
  routes(app: FastifyInstance, state: SimulatorState, settle: SettleOptions, options: SimulatorOptions): void;
  /** Where its callbacks go, from npm run simulators' environment (SIMULATOR_SHOP_CALLBACK_BASE: the shop's callbacks). */
  settleFromEnv?(env: NodeJS.ProcessEnv, shopCallbackBase: string | undefined): Partial<SettleOptions>;
  /** How a payment ends, in its own words. */
  final(payment: SimPayment, outcome: SimEnding): Final;
  /** Its callback of a payment, or null when it has nowhere to send one. */
  callback(state: SimulatorState, view: SimPayment, settle: SettleOptions): CallbackCall | null;
  /** The shop's settings (docs/settings.md) that make the shop use this simulator, with the demo account. */
  shopEnv(simulatorUrl: string, callbackBase: string | undefined): Record<string, string>;
}
