/**
 * Zambian mobile numbers: one written form (+260XXXXXXXXX) and the network a number belongs to.
 *
 * A national number is 9 digits after +260 (0 in front when dialled at home). The network is read from the
 * first two digits (the national destination code, ZICTA's plan): MTN 96, 76; Airtel 97, 77 and 57 (given to
 * Airtel in December 2024); Zamtel 95, 75. The prefix is what a shopper and a mobile-money provider go by;
 * the provider still has the last word (an unknown wallet fails the payment with its reason).
 * Sources read: docs/decisions/011-mobile-money-providers.md.
 */
export type MobileNetwork = 'mtn' | 'airtel' | 'zamtel';

// A list, not an object: number-like keys would be reordered, and messages name the prefixes in this order.
const PREFIXES: ReadonlyArray<readonly [string, MobileNetwork]> = [
  ['96', 'mtn'],
  ['76', 'mtn'],
  ['97', 'airtel'],
  ['77', 'airtel'],
  ['57', 'airtel'],
  ['95', 'zamtel'],
  ['75', 'zamtel'],
];
const NETWORK_OF_PREFIX = new Map(PREFIXES);

export const NETWORK_NAMES: Record<MobileNetwork, string> = { mtn: 'MTN', airtel: 'Airtel', zamtel: 'Zamtel' };

const prefixesOf = (network: MobileNetwork) =>
  PREFIXES.filter(([, owner]) => owner === network).map(([prefix]) => `0${prefix}`);

/** 'MTN numbers start with 096 or 076': what a message says when a number is not of the network asked for. */
export const networkPrefixRule = (network: MobileNetwork) =>
  `${NETWORK_NAMES[network]} numbers start with ${listOf(prefixesOf(network))}`;

/** A number of the network as people write it at home, for examples in messages: 096 123 4567. */
export const exampleNumberOf = (network: MobileNetwork) => `${prefixesOf(network)[0]} 123 4567`;

export interface ZambianMobile {
  /** +260 and the 9 national digits: the one form the shop stores and shows. */
  e164: string;
  /** The 9 national digits without 0 or 260 (what Airtel's API wants). */
  national: string;
  network: MobileNetwork;
}

export type PhoneCheck = { ok: true; mobile: ZambianMobile } | { ok: false; message: string };

export const NOT_A_ZAMBIAN_MOBILE = 'Enter a Zambian mobile number, for example 097 123 4567 or +260 97 123 4567.';

/** Reads what a shopper typed: spaces, dashes, dots and brackets are ignored; +260, 260, 00260 and 0 all work. */
export function readZambianMobile(input: string): PhoneCheck {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const match = /^(?:\+260|00260|260|0)?(\d{9})$/.exec(compact);
  const national = match?.[1];
  const network = national ? NETWORK_OF_PREFIX.get(national.slice(0, 2)) : undefined;
  if (!national || !network) return { ok: false, message: NOT_A_ZAMBIAN_MOBILE };
  return { ok: true, mobile: { e164: `+260${national}`, national, network } };
}

/** +260971234567 as people read it: +260 97 123 4567 (anything else comes back as it is). */
export function formatZambianMobile(e164: string): string {
  const match = /^\+260(\d{2})(\d{3})(\d{4})$/.exec(e164);
  return match ? `+260 ${match[1]} ${match[2]} ${match[3]}` : e164;
}

/** The same, and the number must belong to the network of the chosen payment method. */
export function readMobileForNetwork(input: string, network: MobileNetwork): PhoneCheck {
  const check = readZambianMobile(input);
  if (!check.ok || check.mobile.network === network) return check;
  const name = NETWORK_NAMES[network];
  return {
    ok: false,
    message: `This is not ${network === 'zamtel' ? 'a' : 'an'} ${name} number. ${networkPrefixRule(network)}; this one is ${NETWORK_NAMES[check.mobile.network]}.`,
  };
}

/**
 * A number a shopper can call: a mobile, or a fixed line (a geographic code 0211 to 0218, then 6 digits:
 * 0211 Lusaka, 0213 Southern Province and so on). The shop's contact phone may be the office's line.
 */
export function isZambianPhone(input: string): boolean {
  if (readZambianMobile(input).ok) return true;
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  return /^(?:\+260|00260|260|0)21[1-8]\d{6}$/.test(compact);
}

function listOf(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
