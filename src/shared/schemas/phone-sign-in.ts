import { z } from 'zod';
import { NOT_A_ZAMBIAN_MOBILE, readZambianMobile } from '../phone-numbers';
import { withNameRule } from '../person-name';
import { text } from './common';

/** A one-time code: 6 digits, 5 minutes, 5 tries; another may be asked for after 60 seconds. */
export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_TTL_SECONDS = 5 * 60;
export const PHONE_CODE_TRIES = 5;
export const PHONE_CODE_RESEND_SECONDS = 60;

/** What a shopper typed, read into the one stored form (+260XXXXXXXXX), or the reader's message. */
export const zambianMobileSchema = z
  .string({ error: NOT_A_ZAMBIAN_MOBILE })
  .max(40, NOT_A_ZAMBIAN_MOBILE)
  .transform((input, ctx) => {
    const check = readZambianMobile(input);
    if (check.ok) return check.mobile.e164;
    ctx.addIssue({ code: 'custom', message: check.message });
    return z.NEVER;
  });

export const phoneCodeRequestSchema = z.object({ phone: zambianMobileSchema });
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

/** The same answer whether or not the number has an account. */
export const phoneCodeSentSchema = z.object({
  message: z.string(),
  /** The number the code went to, +260XXXXXXXXX. */
  phone: z.string(),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

const codeSchema = z
  .string({ error: 'Enter the 6-digit code from the text message.' })
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_CODE_DIGITS}}$`), 'Enter the 6-digit code from the text message.');

/** name: only to open a new account (the server asks for it with needsName). */
export const phoneVerifySchema = z.object({
  phone: zambianMobileSchema,
  code: codeSchema,
  name: withNameRule(text(120, 'name').min(1, 'Tell us your name to open your account.'), 'Your name', 0).optional(),
});
export type PhoneVerifyInput = z.input<typeof phoneVerifySchema>;

/** A signed-in customer confirms a new sign-in number with the code sent to it. */
export const mobileChangeSchema = z.object({ phone: zambianMobileSchema, code: codeSchema });
export type MobileChangeInput = z.input<typeof mobileChangeSchema>;

/** The 400 of a right code for a number without an account: the code still works once a name is given. */
export const needsNameSchema = z.object({ message: z.string(), needsName: z.literal(true).optional() });
