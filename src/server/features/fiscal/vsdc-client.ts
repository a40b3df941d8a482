import type { FiscalSettings } from './fiscal-settings';

/**
 * ZRA's VSDC as the shop uses it (docs/decisions/060-smart-invoice-facts.md): POST JSON to the device on
 * the taxpayer's network; every answer one envelope, errors inside HTTP 200. The client says only what
 * came back: the device's answer (any resultCd, for the caller to judge), or that the device could not be
 * reached or did not answer in time (then a sale may have been signed all the same: read it back).
 */
export const VSDC_ROUTES = [
  '/initializer/selectInitInfo',
  '/code/selectCodes',
  '/itemClass/selectItemsClass',
  '/items/saveItem',
  '/items/updateItem',
  '/items/saveItemComposition',
  '/trnsSales/saveSales',
  '/trnsSales/selectInvoice',
  '/stock/saveStockItems',
  '/stockMaster/saveStockMaster',
] as const;
export type VsdcRoute = (typeof VSDC_ROUTES)[number];

export interface VsdcEnvelope {
  resultCd: string;
  resultMsg: string;
  resultDt: string | null;
  data: unknown;
}

export type VsdcResult =
  | ({ reached: true } & VsdcEnvelope)
  | { reached: false; reason: string; /** The request went out and no answer came in time. */ timedOut: boolean };

/** The VSDC's success code (decision 060); 001 no data, 902 installed already, 994 invoice number used. */
export const VSDC_OK = '000';
export const VSDC_NO_DATA = '001';
export const VSDC_ALREADY_INSTALLED = '902';
export const VSDC_DUPLICATE_INVOICE = '994';

/** The one way the shop speaks to a VSDC; tests speak to the simulator through the same. */
export interface VsdcClient {
  /** Posts `body` with the taxpayer's tpin and bhfId added. Never throws. */
  call(route: VsdcRoute, body: Record<string, unknown>): Promise<VsdcResult>;
}

export function createVsdcClient(settings: FiscalSettings): VsdcClient {
  return {
    async call(route, body) {
      let response: Response;
      try {
        response = await fetch(`${settings.vsdcUrl}${route}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ tpin: settings.tpin, bhfId: settings.branchId, ...body }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return {
          reached: false,
          timedOut,
          reason: timedOut
            ? `No answer within ${settings.timeoutMs / 1000} s`
            : `The VSDC could not be reached (${causeOf(error)})`,
        };
      }
      try {
        const text = await response.text();
        if (response.status !== 200) return { reached: false, timedOut: false, reason: `HTTP ${response.status}` };
        const envelope = readEnvelope(text);
        return envelope
          ? { reached: true, ...envelope }
          : { reached: false, timedOut: false, reason: 'The answer is not a VSDC answer' };
      } catch (error) {
        // The answer was cut off: the request arrived, so treat it like a timeout (in doubt).
        return { reached: false, timedOut: true, reason: `The answer was cut off (${causeOf(error)})` };
      }
    },
  };
}

function readEnvelope(text: string): VsdcEnvelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { resultCd, resultMsg, resultDt, data } = parsed as Record<string, unknown>;
  if (typeof resultCd !== 'string') return null;
  return {
    resultCd,
    resultMsg: typeof resultMsg === 'string' ? resultMsg.slice(0, 500) : '',
    resultDt: typeof resultDt === 'string' ? resultDt : null,
    data: data ?? null,
  };
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return (cause?.code ?? cause?.message ?? error.message).slice(0, 200);
}
