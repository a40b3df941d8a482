import { shopEnvForSimulator } from '../../../../../simulators/shop-env';
import { readPaymentProviderSettings, type PaymentProviderSettings } from '../providers/registry';

/** Test-only: every provider's settings (collections and refunds) pointing at the simulator, as the shop reads them, with 1 s calls. */
export function simulatorProviders(simulatorUrl: string, callbackBase: string | undefined): PaymentProviderSettings {
  const read = readPaymentProviderSettings(shopEnvForSimulator(simulatorUrl, callbackBase));
  if (!read.ok) throw new Error(read.issues.join('\n'));
  const s = read.settings;
  for (const provider of [s.mtn, s.airtel, s.mtn?.disbursement, s.airtel?.disbursement, s.lenco])
    if (provider) provider.timeoutMs = 1_000;
  return s;
}
