import { toKwacha, toNgwee } from '../../../shared/money';
import type { DeliveryKind, ServingOption } from '../../../shared/delivery';
import type { DeliveryOption, DeliveryOptionInput, PublicDeliveryOption } from '../../../shared/schemas/delivery';
import type { DeliveryOptionRow, NewDeliveryOptionRow } from './queries';

export const toPublicOption = (row: DeliveryOptionRow): PublicDeliveryOption => ({
  _id: row.id,
  name: row.name,
  kind: row.kind as DeliveryKind,
  fee: toKwacha(row.feeNgwee),
  freeAbove: row.freeAboveNgwee === null ? null : toKwacha(row.freeAboveNgwee),
  estimate: row.estimate,
  openingHours: row.openingHours,
  directions: row.directions,
  payOnCollection: row.payOnCollection,
});

export const toAdminOption = (row: DeliveryOptionRow): DeliveryOption => ({
  ...toPublicOption(row),
  provinces: row.provinces,
  towns: row.towns,
  active: row.active,
  position: row.position,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toServing = (row: DeliveryOptionRow): ServingOption & { row: DeliveryOptionRow } => ({
  id: row.id,
  name: row.name,
  provinces: row.provinces,
  towns: row.towns,
  active: row.active,
  position: row.position,
  feeNgwee: row.feeNgwee,
  freeAboveNgwee: row.freeAboveNgwee,
  row,
});

export const toRowValues = (input: DeliveryOptionInput): NewDeliveryOptionRow => ({
  name: input.name,
  kind: input.kind,
  provinces: input.provinces,
  towns: input.towns,
  feeNgwee: toNgwee(input.fee),
  freeAboveNgwee: input.freeAbove === null ? null : toNgwee(input.freeAbove),
  estimate: input.estimate,
  openingHours: input.openingHours,
  directions: input.directions,
  active: input.active,
  position: input.position,
  payOnCollection: input.payOnCollection,
});
