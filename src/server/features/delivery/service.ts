import type { Db, Tx } from '../../db/client';
import { BadRequest, NotFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { optionsServing } from '../../../shared/delivery';
import type { DeliveryRule } from '../../../shared/money';
import type { DeliveryOptionInput, OrderDelivery } from '../../../shared/schemas/delivery';
import { recordAudit, type AuditActor } from '../audit';
import { deliveryOptionCreatedEntry, deliveryOptionUpdatedEntry } from './delivery-audit';
import {
  findDeliveryOptionRow,
  insertDeliveryOptionRow,
  listDeliveryOptionRows,
  updateDeliveryOptionRow,
  type DeliveryOptionRow,
} from './queries';
import type { DeliveryOptionsCache } from './options-cache';
import { toRowValues, toServing } from './serialize';

export const listDeliveryOptions = (db: Db | Tx) => listDeliveryOptionRows(db);

/** The options that are on and serve this province and town, cheapest first for the subtotal. */
export async function deliveryOptionsFor(
  options: DeliveryOptionsCache,
  province: string,
  town: string,
  subtotalNgwee = 0,
): Promise<DeliveryOptionRow[]> {
  const rows = await options.list();
  return optionsServing(rows.map(toServing), province, town, subtotalNgwee).map((s) => s.row);
}

export interface ChosenDelivery {
  optionId: string;
  rule: DeliveryRule;
  /** Its keeper takes the money on collection (decision 045). */
  payOnCollection: boolean;
  snapshot: Omit<OrderDelivery, 'option'>;
}

const noneServes = (town: string, province: string) =>
  BadRequest(
    `We do not deliver to ${town ? `${town}, ` : ''}${province} yet. Please choose another address or contact the shop.`,
  );

/**
 * The option an order travels with: the one the shopper chose, which must be on and serve the address
 * (else a 400 that says so), or, when none was named (an older client), the first one checkout offers.
 */
export async function chooseDeliveryOption(
  options: DeliveryOptionsCache,
  address: { province: string; city: string },
  optionId: string | undefined,
  subtotalNgwee: number,
): Promise<ChosenDelivery> {
  const offered = await deliveryOptionsFor(options, address.province, address.city, subtotalNgwee);
  let row: DeliveryOptionRow | undefined;
  if (optionId === undefined) {
    row = offered[0];
    if (!row) throw noneServes(address.city, address.province);
  } else {
    row = offered.find((o) => o.id === optionId);
    if (!row) {
      const known = isUuid(optionId) ? (await options.list()).find((o) => o.id === optionId) : undefined;
      if (!known) throw BadRequest('That delivery option is no longer offered. Please choose another.');
      if (!known.active) throw BadRequest(`${known.name} is no longer offered. Please choose another delivery option.`);
      throw BadRequest(
        `${known.name} does not deliver to ${address.city}, ${address.province}. Please choose another delivery option.`,
      );
    }
  }
  return {
    optionId: row.id,
    rule: { feeNgwee: row.feeNgwee, freeAboveNgwee: row.freeAboveNgwee },
    payOnCollection: row.payOnCollection && row.kind === 'pickup',
    snapshot: {
      name: row.name,
      kind: row.kind as OrderDelivery['kind'],
      estimate: row.estimate,
      openingHours: row.openingHours,
      directions: row.directions,
    },
  };
}

export async function createDeliveryOption(db: Db, input: DeliveryOptionInput, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const row = await insertDeliveryOptionRow(tx, toRowValues(input));
    await recordAudit(tx, actor, deliveryOptionCreatedEntry(row));
    return row;
  });
}

/** PUT: the whole option as the admin's form holds it; switching off is `active: false`. */
export async function updateDeliveryOption(db: Db, id: string, input: DeliveryOptionInput, actor: AuditActor) {
  if (!isUuid(id)) throw NotFound('Delivery option not found');
  return db.transaction(async (tx) => {
    const before = await findDeliveryOptionRow(tx, id, true);
    if (!before) throw NotFound('Delivery option not found');
    const after = await updateDeliveryOptionRow(tx, id, toRowValues(input));
    const entry = deliveryOptionUpdatedEntry(before, after);
    if (entry) await recordAudit(tx, actor, entry);
    return after;
  });
}
