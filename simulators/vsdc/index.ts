import type { FastifyInstance } from 'fastify';
import { DEMO_VSDC } from './demo-account';
import { vsdcControlRoutes } from './vsdc-control';
import { VSDC_BASE_PATH, vsdcRoutes } from './vsdc-routes';
import type { VsdcDevices } from './vsdc-state';

export { DEMO_VSDC, type VsdcAccount } from './demo-account';
export { VSDC_BASE_PATH } from './vsdc-routes';
export { VsdcDevices, type SignedReceipt, type VsdcBehaviour } from './vsdc-state';

/** ZRA's VSDC (docs/decisions/060) and its /_sim/vsdc control routes, on the simulators' server. */
export function vsdcSimulator(app: FastifyInstance, devices: VsdcDevices): void {
  vsdcRoutes(app, devices);
  vsdcControlRoutes(app, devices);
}

/**
 * The shop's settings (docs/settings.md) that fiscalise every sale and refund through this simulator, with
 * the demo taxpayer. Given by `PAYMENTS=simulator npm start` and the journeys' shop; not part of
 * shopEnvForSimulator, so the crash tests and the bench run as before with SMART_INVOICE unset.
 */
export function smartInvoiceEnvForSimulator(simulatorUrl: string): Record<string, string> {
  return {
    SMART_INVOICE: 'vsdc',
    VSDC_URL: `${simulatorUrl}${VSDC_BASE_PATH}`,
    VSDC_TPIN: DEMO_VSDC.tpin,
    VSDC_BRANCH_ID: DEMO_VSDC.branchId,
    VSDC_DEVICE_SERIAL: DEMO_VSDC.deviceSerial,
    // The demo products are classified by this one (simulators/vsdc/codes.ts) until an admin picks theirs.
    VSDC_DEFAULT_ITEM_CLASS: '53131600',
  };
}
