import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { FiscalLine } from '../../../shared/fiscal-invoice';
import { deviceKey, type FiscalSettings } from './fiscal-settings';
import {
  buyerOfOrder,
  deviceRow,
  findSubmission,
  itemRegistered,
  itemsOfDevice,
  markDone,
  markFailed,
  saveDevice,
  stockLeft,
  tryLater,
  type ClaimedSubmission,
  type Receipt,
} from './queries';
import {
  VSDC_ALREADY_INSTALLED,
  VSDC_DUPLICATE_INVOICE,
  VSDC_NO_DATA,
  VSDC_OK,
  type VsdcClient,
  type VsdcResult,
} from './vsdc-client';
import {
  creditNoteBody,
  goodsOf,
  itemBody,
  itemCodeOf,
  paymentTypeOf,
  saleBody,
  stockMasterBody,
  stockOutBody,
} from './wire';

/** How a claimed report ended this time: sent (or refused: the line goes on), or the device was not there. */
export type SendOutcome = 'settled' | 'device-away';

export interface SendDeps {
  db: Db;
  log: FastifyBaseLogger;
  settings: FiscalSettings;
  client: VsdcClient;
  /** The wait before the next try of a report the device did not take, by how many sends it had. */
  retryDelayMs(sends: number): number;
}

/** Something stopped the report before or while it went: the device away, or its refusal. */
type Stop = { away: string; timedOut?: boolean } | { refused: string; resultCd: string | null };

const describe = (result: VsdcResult & { reached: true }) => `${result.resultCd} ${result.resultMsg}`.trim();

/**
 * Sends one claimed report (docs/decisions/062-smart-invoice.md): the device installed first (902: it
 * already was), the sale's items registered, then the sale, credit note or stock report. A sale or credit
 * note claimed before is read back first (selectInvoice), and a 994 is read back too, so an invoice number
 * gets one receipt however often its answer was lost.
 */
export async function sendSubmission(deps: SendDeps, row: ClaimedSubmission): Promise<SendOutcome> {
  let request: Record<string, unknown> | null = null;
  const stop = async (how: Stop): Promise<SendOutcome> => {
    if ('away' in how) {
      deps.log.warn({ submission: row.id, kind: row.kind, reason: how.away }, 'vsdc not reached; tried again later');
      await tryLater(deps.db, row.id, how.away, deps.retryDelayMs(row.sends));
      return 'device-away';
    }
    deps.log.warn({ submission: row.id, kind: row.kind, reason: how.refused }, 'vsdc refused a report');
    await markFailed(deps.db, row.id, { resultCd: how.resultCd, message: how.refused, request });
    return 'settled';
  };

  const installed = await installDevice(deps);
  if (installed !== true) return stop(installed);
  const lines = row.lines as unknown as FiscalLine[];

  if (row.kind === 'stock') {
    const sale = await parentDone(deps, row);
    if (!sale) return stop({ refused: 'Held: its sale has no receipt yet (retry the sale first)', resultCd: null });
    const classes = await classesOf(deps, lines);
    if ('away' in classes || 'refused' in classes) return stop(classes);
    request = stockOutBody(row.seq, row.occurredAt, sale.invoiceNo, lines, classes.map);
    const out = await deps.client.call('/stock/saveStockItems', request);
    if (!out.reached) return stop({ away: out.reason });
    if (out.resultCd !== VSDC_OK) return stop({ refused: describe(out), resultCd: out.resultCd });
    const goods = goodsOf(lines).filter((line) => line.productId);
    const left = await stockLeft(
      deps.db,
      goods.map((line) => line.productId!),
    );
    const master = stockMasterBody(
      goods.map((line) => ({ itemCd: itemCodeOf(line), rsdQty: left.get(line.productId!) ?? 0 })),
    );
    const kept = await deps.client.call('/stockMaster/saveStockMaster', master);
    if (!kept.reached) return stop({ away: kept.reason });
    if (kept.resultCd !== VSDC_OK) return stop({ refused: describe(kept), resultCd: kept.resultCd });
    await markDone(deps.db, row.id, null, request);
    return 'settled';
  }

  if (row.inDoubt) {
    const read = await readBack(deps, row.invoiceNo);
    if ('away' in read) return stop(read);
    if (read.receipt) {
      await settleReceipt(deps, row.id, read.receipt, row.request as Record<string, unknown> | null);
      return 'settled';
    }
  }

  let original: { rcptNo: number; sdcId: string | null } | null = null;
  if (row.kind === 'credit-note') {
    const sale = await parentDone(deps, row);
    if (!sale?.rcptNo)
      return stop({ refused: 'Held: its sale has no receipt yet (retry the sale first)', resultCd: null });
    original = { rcptNo: sale.rcptNo, sdcId: sale.sdcId };
  }
  const classes = await classesOf(deps, lines);
  if ('away' in classes || 'refused' in classes) return stop(classes);
  const buyer = await buyerOfOrder(deps.db, row.orderId);
  const header = {
    invoiceNo: row.invoiceNo,
    occurredAt: row.occurredAt,
    paymentType: paymentTypeOf(buyer?.paymentMethod ?? '', buyer?.paymentResult ?? null),
  };
  request = original
    ? creditNoteBody(header, original, lines, classes.map, deps.settings)
    : saleBody(header, lines, classes.map);
  const signed = await deps.client.call('/trnsSales/saveSales', request);
  if (!signed.reached) return stop({ away: signed.reason, timedOut: signed.timedOut });
  if (signed.resultCd === VSDC_DUPLICATE_INVOICE) {
    // The number was signed before (an answer lost): the receipt is the device's, read it.
    const read = await readBack(deps, row.invoiceNo);
    if ('away' in read) return stop(read);
    if (!read.receipt)
      return stop({
        refused: `${describe(signed)}; and selectInvoice found no receipt for it`,
        resultCd: signed.resultCd,
      });
    await settleReceipt(deps, row.id, read.receipt, request);
    return 'settled';
  }
  if (signed.resultCd !== VSDC_OK) return stop({ refused: describe(signed), resultCd: signed.resultCd });
  const receipt = receiptOf(signed.data);
  if (!receipt) return stop({ refused: 'The device answered 000 without a receipt', resultCd: signed.resultCd });
  await settleReceipt(deps, row.id, receipt, request);
  return 'settled';
}

/** Installs the device once (its sdcId and mrcNo kept: a second call answers 902 with nothing). */
export async function installDevice(
  deps: Pick<SendDeps, 'db' | 'settings' | 'client' | 'log'>,
): Promise<true | { away: string }> {
  const device = deviceKey(deps.settings);
  if (await deviceRow(deps.db, device)) return true;
  const init = await deps.client.call('/initializer/selectInitInfo', { dvcSrlNo: deps.settings.deviceSerial });
  if (!init.reached) return { away: init.reason };
  if (init.resultCd === VSDC_ALREADY_INSTALLED) {
    await saveDevice(deps.db, device, { sdcId: null, mrcNo: null });
    return true;
  }
  // Not installed and refused (a wrong serial, a branch ZRA does not know): nothing can go until it is.
  if (init.resultCd !== VSDC_OK) return { away: `Installing the device: ${describe(init)}` };
  const info = ((init.data as { info?: Record<string, unknown> } | null)?.info ?? {}) as Record<string, unknown>;
  await saveDevice(deps.db, device, {
    sdcId: typeof info.sdcId === 'string' ? info.sdcId : null,
    mrcNo: typeof info.mrcNo === 'string' ? info.mrcNo : null,
  });
  deps.log.info({ device }, 'vsdc device installed');
  return true;
}

/** The parent sale when it has its receipt; null otherwise. */
async function parentDone(deps: SendDeps, row: ClaimedSubmission) {
  const sale = row.parentId ? await findSubmission(deps.db, row.parentId) : null;
  return sale?.status === 'done' ? sale : null;
}

/**
 * Each line's item registered on the device under the class an admin picked (else the shop's default):
 * saveItem the first time, updateItem when the class changed or the device already had it.
 */
async function classesOf(deps: SendDeps, lines: readonly FiscalLine[]): Promise<{ map: Map<string, string> } | Stop> {
  const device = deviceKey(deps.settings);
  const byCode = new Map(lines.map((line) => [itemCodeOf(line), line]));
  const known = new Map((await itemsOfDevice(deps.db, device, [...byCode.keys()])).map((item) => [item.itemCd, item]));
  const map = new Map<string, string>();
  for (const [itemCd, line] of byCode) {
    const item = known.get(itemCd);
    const wanted = item?.itemClsCd ?? deps.settings.defaultItemClass;
    if (!wanted)
      return {
        refused: `No ZRA classification for ${line.name}: pick one in the back office (Smart Invoice), or set VSDC_DEFAULT_ITEM_CLASS, then retry`,
        resultCd: null,
      };
    map.set(itemCd, wanted);
    if (item?.registeredClsCd === wanted) continue;
    const body = itemBody(line, itemCd, wanted);
    const saved = await deps.client.call(item?.registeredClsCd ? '/items/updateItem' : '/items/saveItem', body);
    if (!saved.reached) return { away: saved.reason };
    if (saved.resultCd !== VSDC_OK) {
      // The device may hold it already (a shop restored from an older backup): then updating it is enough.
      const updated = item?.registeredClsCd ? saved : await deps.client.call('/items/updateItem', body);
      if (!updated.reached) return { away: updated.reason };
      if (updated.resultCd !== VSDC_OK)
        return { refused: `Registering ${line.name}: ${describe(saved)}`, resultCd: saved.resultCd };
    }
    await itemRegistered(deps.db, { device, itemCd, productId: line.productId, clsCd: wanted, name: line.name });
  }
  return { map };
}

async function readBack(deps: SendDeps, invoiceNo: string): Promise<{ receipt: Receipt | null } | { away: string }> {
  const known = await deviceRow(deps.db, deviceKey(deps.settings));
  const read = await deps.client.call('/trnsSales/selectInvoice', {
    cisInvcNo: invoiceNo,
    ...(known?.sdcId ? { invcSdcId: known.sdcId } : {}),
  });
  if (!read.reached) return { away: read.reason };
  if (read.resultCd === VSDC_NO_DATA) return { receipt: null };
  // A refusal of the read itself (not "no data"): try again later rather than sign a second time.
  if (read.resultCd !== VSDC_OK) return { away: `Reading back: ${describe(read)}` };
  return { receipt: receiptOf(read.data) };
}

async function settleReceipt(deps: SendDeps, id: string, receipt: Receipt, request: Record<string, unknown> | null) {
  await markDone(deps.db, id, receipt, request);
  if (receipt.sdcId)
    await saveDevice(deps.db, deviceKey(deps.settings), { sdcId: receipt.sdcId, mrcNo: receipt.mrcNo });
}

/** A signed receipt's data (decision 060), or null when it lacks its number or signature. */
export function receiptOf(data: unknown): Receipt | null {
  const d = (data ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value.slice(0, 200) : null);
  const rcptNo = Number(d.rcptNo);
  const intrlData = text(d.intrlData);
  const rcptSign = text(d.rcptSign);
  if (!Number.isInteger(rcptNo) || rcptNo < 0 || !intrlData || !rcptSign) return null;
  const totRcptNo = Number(d.totRcptNo);
  return {
    rcptNo,
    totRcptNo: Number.isInteger(totRcptNo) ? totRcptNo : null,
    intrlData,
    rcptSign,
    sdcId: text(d.sdcId),
    mrcNo: text(d.mrcNo),
    vsdcDate: text(d.vsdcRcptPbctDate),
    qrCodeUrl: text(d.qrCodeUrl),
  };
}
