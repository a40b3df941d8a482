import { shippingFor, type DeliveryRule } from './money';

/**
 * Delivery options (decision 037): which options serve an address, and in what order checkout offers
 * them. The fee itself is money.ts's computeTotals with the option's rule; nothing here adds money up.
 */
export const DELIVERY_KINDS = ['door', 'pickup', 'bus'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const DELIVERY_KIND_LABELS: Record<DeliveryKind, string> = {
  door: 'Door delivery',
  pickup: 'Pickup point',
  bus: 'Bus-station parcel',
};

/** What the rule of serving and ordering needs of an option. */
export interface ServingOption extends DeliveryRule {
  id: string;
  name: string;
  /** Empty: every province. */
  provinces: readonly string[];
  /** Empty: every town of those provinces. */
  towns: readonly string[];
  active: boolean;
  position: number;
}

/** Towns are typed by people: 'Choma', ' choma ', 'CHOMA' and 'Choma  ' are one town. */
export function placeKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Whether an option that is on takes parcels to this province and town. */
export function servesPlace(option: ServingOption, province: string, town: string): boolean {
  if (!option.active) return false;
  const inProvince = option.provinces.length === 0 || option.provinces.some((p) => placeKey(p) === placeKey(province));
  const inTown = option.towns.length === 0 || option.towns.some((t) => placeKey(t) === placeKey(town));
  return inProvince && inTown;
}

/** What the option asks of this subtotal (money.ts's rule); with no subtotal known, its plain fee. */
export function optionFee(option: DeliveryRule, subtotalNgwee: number): number {
  return subtotalNgwee > 0 ? shippingFor(subtotalNgwee, option) : option.feeNgwee;
}

/**
 * The options that serve the address, cheapest first for this subtotal (a free-above that applies makes an
 * option free), then the admin's order, then the name; overlapping options are all offered.
 */
export function optionsServing<T extends ServingOption>(
  options: readonly T[],
  province: string,
  town: string,
  subtotalNgwee = 0,
): T[] {
  return options
    .filter((o) => servesPlace(o, province, town))
    .sort(
      (a, b) =>
        optionFee(a, subtotalNgwee) - optionFee(b, subtotalNgwee) ||
        a.position - b.position ||
        a.name.localeCompare(b.name),
    );
}

/** The seeded option's name (the spec's one rule). */
export const STANDARD_DELIVERY_NAME = 'Standard delivery';

interface NamedDelivery {
  name: string;
  kind: DeliveryKind;
}

/**
 * Whether the shopper's screens, e-mails and texts name the order's option: every option but the seeded
 * standard door delivery, so a shop that changes nothing keeps the spec's screens and texts (decision 037).
 */
export function deliveryWorthNaming(delivery: NamedDelivery | null | undefined): delivery is NamedDelivery {
  return !!delivery && !(delivery.kind === 'door' && delivery.name === STANDARD_DELIVERY_NAME);
}

/** 'Choma market (Pickup point)': the option in one line. */
export function deliveryLine(delivery: NamedDelivery): string {
  return `${delivery.name} (${DELIVERY_KIND_LABELS[delivery.kind]})`;
}
