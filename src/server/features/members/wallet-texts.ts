import type { ShopSettings } from '../../../shared/schemas/settings';
import { firstThatFits } from '../../../shared/sms-text';
import { localNumber } from '../sms';
import { maskedWalletForText } from './wallet-number';

/**
 * The texts to a member's old wallet number when its change is asked and when it is approved
 * (docs/decisions/065-members-and-wallet-changes.md): plain words, one GSM-7 message, the shop's name first
 * while it fits (texts come from a shared short code until the co-op has its own sender id), then the same
 * without it; the shop's contact phone when the settings have one.
 */
type Shop = Pick<ShopSettings, 'shopName' | 'phone'>;

const capital = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;

function wordings(shop: Shop, news: string): string {
  const call = shop.phone ? [`call us on ${localNumber(shop.phone)}`, 'call us'] : ['call us'];
  const texts = call.flatMap((how) => [`${news} If this was not you, ${how}.`, `${news} Not you? ${capital(how)}.`]);
  return firstThatFits([...texts.map((text) => `${shop.shopName}: ${text}`), ...texts.map(capital)]);
}

export const walletChangeAskedText = (shop: Shop, newMobile: string) =>
  wordings(shop, `a change of your payout number to ${maskedWalletForText(newMobile)} was asked.`);

export const walletChangedText = (shop: Shop, newMobile: string) =>
  wordings(shop, `your payout number is now ${maskedWalletForText(newMobile)}; payouts go there from today.`);
