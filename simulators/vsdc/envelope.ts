/**
 * Every VSDC answer is one envelope, errors included, inside an HTTP 200 (docs/decisions/060): resultCd
 * "000" is success; resultDt is the device's clock, yyyyMMddHHmmss.
 */
export interface VsdcAnswer {
  resultCd: string;
  resultMsg: string;
  resultDt: string;
  data: unknown;
}

/** The VSDC's date forms: yyyyMMddHHmmss (and its first 8 for a day), on the device's clock (Lusaka, UTC+2). */
export function vsdcDateTime(at: Date = new Date()): string {
  const lusaka = new Date(at.getTime() + 2 * 3_600_000);
  return lusaka.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export const succeeded = (data: unknown = null): VsdcAnswer => ({
  resultCd: '000',
  resultMsg: 'It is succeeded',
  resultDt: vsdcDateTime(),
  data,
});

export const refused = (resultCd: string, resultMsg: string, data: unknown = null): VsdcAnswer => ({
  resultCd,
  resultMsg,
  resultDt: vsdcDateTime(),
  data,
});

/**
 * Result codes. 001, 902 and 994 are the VSDC's (decision 060). The 88x codes are the simulator's own: no
 * public source names the codes of these refusals, so the shop must treat any other code as a refusal
 * with the VSDC's message, never depend on one of these.
 */
export const RESULT = {
  noData: '001',
  alreadyInstalled: '902',
  duplicateInvoice: '994',
  badField: '881',
  unknownItem: '882',
  noOriginal: '883',
  stockBeforeSale: '884',
  notInstalled: '885',
  totalsDisagree: '886',
  itemExists: '887',
  simulatedFailure: '899',
} as const;
