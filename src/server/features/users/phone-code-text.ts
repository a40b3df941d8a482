import { firstThatFits } from '../../../shared/sms-text';

/**
 * "123456 is your Forest Gold Co-op code. It works for 5 minutes. Never share it." One GSM-7 message: a
 * shop name too long for it, or with letters outside GSM-7, is left out rather than costing two texts.
 */
export function phoneCodeText(code: string, shopName: string, minutes: number): string {
  const tail = `It works for ${minutes} minutes. Never share it.`;
  return firstThatFits([`${code} is your ${shopName.trim()} code. ${tail}`, `${code} is your sign-in code. ${tail}`]);
}
