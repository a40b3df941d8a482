/**
 * A wallet number as the audit trail's summary and the member's text show it: enough to know which number
 * (the network's two digits and the last four), not enough to send money to. Admins see the whole number in
 * the member's record; logs never get it.
 */

/** +260971234567 → "+260 97 ••• 4567", for an admin's line in the audit trail. */
export function maskedWallet(e164: string): string {
  const match = /^\+260(\d{2})\d{3}(\d{4})$/.exec(e164);
  return match ? `+260 ${match[1]} ••• ${match[2]}` : '•••';
}

/**
 * +260971234567 → "097 *** 4567", as a Zambian dials it, for a text: "*" is in the GSM-7 alphabet and "•" is
 * not (one "•" would send the whole text as UCS-2, 70 characters a message: src/shared/sms-text.ts).
 */
export function maskedWalletForText(e164: string): string {
  const match = /^\+260(\d{2})\d{3}(\d{4})$/.exec(e164);
  return match ? `0${match[1]} *** ${match[2]}` : '***';
}
