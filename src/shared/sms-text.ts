/**
 * What fits in one text message. GSM-7, the default alphabet every phone reads, holds 160 characters in
 * one SMS; a few characters (^ { } [ ] ~ \ | €) take two. A single character outside it (a curly quote, an
 * emoji, most accented letters) switches the whole message to UCS-2: 70 characters, and 67 a part when
 * split. Each part is billed, so the shop's texts are written to fit one GSM-7 message (3GPP TS 23.038).
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export const ONE_SMS_GSM = 160;
export const ONE_SMS_UCS2 = 70;

/** Typographic characters a keyboard or a product name brings in, as their GSM-7 look-alikes. */
const LOOK_ALIKES: [RegExp, string][] = [
  [/[\u2018\u2019\u201A\u201B\u2032\u00B4`]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00A0\u2000-\u200A\u202F\u205F\u3000\t]/g, ' '],
  [/[\u200B-\u200D\u2060\uFEFF]/g, ''],
];

/** The text with typographic quotes, dashes, ellipses and odd spaces replaced by GSM-7 ones. */
export function toGsmText(text: string): string {
  return LOOK_ALIKES.reduce((t, [pattern, plain]) => t.replace(pattern, plain), text);
}

export function isGsm7(text: string): boolean {
  for (const char of text) if (!BASIC.has(char) && !EXTENDED.has(char)) return false;
  return true;
}

export interface SmsLength {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets for GSM-7 (an extension character counts 2), UTF-16 units for UCS-2. */
  units: number;
  /** Messages the text is sent (and billed) as. */
  parts: number;
}

export function smsLength(text: string): SmsLength {
  if (isGsm7(text)) {
    let units = 0;
    for (const char of text) units += EXTENDED.has(char) ? 2 : 1;
    return { encoding: 'GSM-7', units, parts: units <= ONE_SMS_GSM ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, parts: units <= ONE_SMS_UCS2 ? 1 : Math.ceil(units / 67) };
}

/** True when the text goes as one GSM-7 message. */
export const fitsOneSms = (text: string): boolean => {
  const length = smsLength(text);
  return length.encoding === 'GSM-7' && length.parts === 1;
};

/**
 * The first wording that fits one GSM-7 message, longest (friendliest) first, each made GSM-7 first; the
 * last one when none fits (it is sent in parts rather than not at all).
 */
export function firstThatFits(wordings: readonly string[]): string {
  const plain = wordings.map((w) => toGsmText(w).replace(/ {2,}/g, ' ').trim());
  return plain.find(fitsOneSms) ?? plain[plain.length - 1];
}
