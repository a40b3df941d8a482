import { RESULT, refused, succeeded, type VsdcAnswer } from './envelope';
import type { VsdcDevice } from './vsdc-state';

type Body = Record<string, unknown>;

/** Stored-and-released types the simulator takes: 11 goods out by a sale, 03 back by a return (decision 060). */
const SALE_OUT = '11';
const KNOWN_TYPES = new Set(['01', '02', '03', '04', '05', '06', '11', '12', '13', '14', '15', '16']);

/**
 * /stock/saveStockItems. A report of goods out by a sale must come after that sale: the simulator refuses
 * one whose quantity is more than signed sales sold and earlier reports have not reported (a report that
 * overtook its sale). The same sarNo again is answered 000 and moves nothing: whether a real device
 * refuses it or ignores it is not public (decision 060), so the shop never relies on either.
 */
export function saveStockItems(device: VsdcDevice, body: Body): VsdcAnswer {
  const sarNo = body.sarNo;
  if (typeof sarNo !== 'number' || !Number.isInteger(sarNo) || sarNo < 1)
    return refused(RESULT.badField, 'sarNo must be a whole number above 0');
  if (typeof body.sarTyCd !== 'string' || !KNOWN_TYPES.has(body.sarTyCd))
    return refused(RESULT.badField, 'sarTyCd is not a known type');
  if (typeof body.ocrnDt !== 'string' || !/^\d{8}$/.test(body.ocrnDt))
    return refused(RESULT.badField, 'ocrnDt must be yyyyMMdd');
  const lines = body.itemList;
  if (!Array.isArray(lines) || lines.length === 0 || body.totItemCnt !== lines.length)
    return refused(RESULT.badField, 'itemList must hold totItemCnt lines');
  const earlier = device.stockReports.get(sarNo);
  if (earlier) {
    earlier.repeats += 1;
    return succeeded();
  }
  const items: { itemCd: string; qty: number }[] = [];
  for (const [index, raw] of lines.entries()) {
    const line = (raw ?? {}) as Body;
    if (typeof line.itemCd !== 'string' || !device.items.has(line.itemCd))
      return refused(RESULT.unknownItem, `itemList[${index}].itemCd ${String(line.itemCd)} is not a registered item`);
    if (typeof line.qty !== 'number' || !(line.qty > 0))
      return refused(RESULT.badField, `itemList[${index}].qty must be above 0`);
    items.push({ itemCd: line.itemCd, qty: line.qty });
  }
  if (body.sarTyCd === SALE_OUT) {
    for (const { itemCd, qty } of items)
      if (qty > (device.soldNotReported.get(itemCd) ?? 0))
        return refused(RESULT.stockBeforeSale, `Stock out of ${itemCd} reported before the sale that sold it`);
    for (const { itemCd, qty } of items)
      device.soldNotReported.set(itemCd, (device.soldNotReported.get(itemCd) ?? 0) - qty);
  }
  device.stockReports.set(sarNo, { sarNo, sarTyCd: body.sarTyCd, items, repeats: 0 });
  return succeeded();
}

/** /stockMaster/saveStockMaster: what is left of each item (stockItemList of itemCd and rsdQty). */
export function saveStockMaster(device: VsdcDevice, body: Body): VsdcAnswer {
  const list = body.stockItemList;
  if (!Array.isArray(list) || list.length === 0)
    return refused(RESULT.badField, 'stockItemList must hold at least one item');
  for (const [index, raw] of list.entries()) {
    const line = (raw ?? {}) as Body;
    if (typeof line.itemCd !== 'string' || !device.items.has(line.itemCd))
      return refused(
        RESULT.unknownItem,
        `stockItemList[${index}].itemCd ${String(line.itemCd)} is not a registered item`,
      );
    if (typeof line.rsdQty !== 'number' || !(line.rsdQty >= 0))
      return refused(RESULT.badField, `stockItemList[${index}].rsdQty must be 0 or more`);
  }
  for (const line of list as { itemCd: string; rsdQty: number }[]) device.stockMaster.set(line.itemCd, line.rsdQty);
  return succeeded();
}
