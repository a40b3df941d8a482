/**
 * The taxpayer the simulated VSDC serves: a TPIN (10 digits), the head office branch (000) and the device
 * serial number ZRA would issue. Made up; docs/operations/smart-invoice.md names the shop's settings.
 */
export const DEMO_VSDC = {
  tpin: '1002003004',
  branchId: '000',
  deviceSerial: 'COOPSHOP-SIM-VSDC-01',
};

export type VsdcAccount = typeof DEMO_VSDC;
