import { RESULT, refused, succeeded, type VsdcAnswer } from './envelope';
import type { VsdcDevice } from './vsdc-state';

type Body = Record<string, unknown>;

const ITEM_TYPES = new Set(['1', '2', '3']);
const CATEGORIES = new Set(['A', 'B', 'C1', 'C2', 'C3', 'D', 'E', 'RVAT']);

function checkItem(body: Body): string | null {
  if (typeof body.itemCd !== 'string' || !/^[\w.-]{1,20}$/.test(body.itemCd))
    return 'itemCd must be 1 to 20 letters or digits';
  if (typeof body.itemClsCd !== 'string' || !/^\d{1,10}$/.test(body.itemClsCd))
    return 'itemClsCd must be a classification code';
  if (typeof body.itemTyCd !== 'string' || !ITEM_TYPES.has(body.itemTyCd)) return 'itemTyCd must be 1, 2 or 3';
  if (typeof body.itemNm !== 'string' || body.itemNm.length < 1 || body.itemNm.length > 200)
    return 'itemNm must be 1 to 200 characters';
  if (typeof body.vatCatCd !== 'string' || !CATEGORIES.has(body.vatCatCd)) return 'vatCatCd must be a tax category';
  if (typeof body.qtyUnitCd !== 'string' || typeof body.pkgUnitCd !== 'string')
    return 'qtyUnitCd and pkgUnitCd are required';
  return null;
}

/** /items/saveItem: a new item; an itemCd already registered is refused (updateItem changes it). */
export function saveItem(device: VsdcDevice, body: Body): VsdcAnswer {
  const problem = checkItem(body);
  if (problem) return refused(RESULT.badField, problem);
  const itemCd = body.itemCd as string;
  if (device.items.has(itemCd)) return refused(RESULT.itemExists, `Item ${itemCd} is already registered`);
  device.items.set(itemCd, {
    itemCd,
    itemClsCd: body.itemClsCd as string,
    itemTyCd: body.itemTyCd as string,
    itemNm: body.itemNm as string,
    vatCatCd: body.vatCatCd as string,
    versions: 1,
  });
  return succeeded();
}

/** /items/updateItem: an item already registered, its class or name changed. */
export function updateItem(device: VsdcDevice, body: Body): VsdcAnswer {
  const problem = checkItem(body);
  if (problem) return refused(RESULT.badField, problem);
  const item = device.items.get(body.itemCd as string);
  if (!item) return refused(RESULT.unknownItem, `Item ${String(body.itemCd)} is not registered`);
  Object.assign(item, {
    itemClsCd: body.itemClsCd as string,
    itemTyCd: body.itemTyCd as string,
    itemNm: body.itemNm as string,
    vatCatCd: body.vatCatCd as string,
    versions: item.versions + 1,
  });
  return succeeded();
}

/** /items/saveItemComposition: a finished item made of another, both registered. */
export function saveItemComposition(device: VsdcDevice, body: Body): VsdcAnswer {
  for (const key of ['itemCd', 'cpstItemCd'])
    if (typeof body[key] !== 'string' || !device.items.has(body[key]))
      return refused(RESULT.unknownItem, `${key} ${String(body[key])} is not a registered item`);
  if (typeof body.cpstQty !== 'number' || !(body.cpstQty > 0))
    return refused(RESULT.badField, 'cpstQty must be above 0');
  return succeeded();
}
