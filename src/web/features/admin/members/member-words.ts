import { toKwacha } from '../../../../shared/money';
import { formatZambianMobile, NETWORK_NAMES, type MobileNetwork } from '../../../../shared/phone-numbers';
import { formatKwacha } from '../../../lib/format';

/** A wallet as admins read it: '+260 97 123 4567' and its network. */
export const walletNumber = (mobile: string) => formatZambianMobile(mobile);
export const networkName = (network: MobileNetwork) => NETWORK_NAMES[network];
export const walletWords = (wallet: { mobile: string; network: MobileNetwork }) =>
  `${walletNumber(wallet.mobile)} (${networkName(wallet.network)})`;

/** Ngwee as kwacha, 'K 412.50' (the ledger's amounts are whole ngwee). */
export const kwachaOf = (ngwee: number) => formatKwacha(toKwacha(ngwee));

/** Said to the admin who asked for a wallet change: the maker-checker rule of decision 065. */
export const WAITING_FOR_ANOTHER_ADMIN = 'Waiting for another admin';
export const WALLET_CHANGE_WAITING = 'Wallet change waiting';
