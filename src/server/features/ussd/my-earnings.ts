import { compactKwacha, toKwacha } from '../../../shared/money';
import { shortMonth, USSD_PAYOUTS_SHOWN, type MemberPayoutState } from '../../../shared/member-earnings';
import type { TextKey } from '../../../shared/ussd-texts';
import { memberEarnings } from '../reports';
import type { MenuContext } from './screens';

const STATE_TEXT: Record<MemberPayoutState, TextKey> = {
  planned: 'payoutPlanned',
  sending: 'payoutSending',
  paid: 'payoutPaid',
  failed: 'payoutFailed',
};

/**
 * "My earnings" (docs/decisions/066-member-earnings-reports.md): the balance owed to the member whose
 * wallet is the caller's number (the gateway's phoneNumber), and her last payouts. Null when the number is
 * no active member's wallet now: the menu then answers as to any unknown choice.
 */
export async function earningsText(ctx: MenuContext): Promise<string | null> {
  const earnings = await memberEarnings(ctx.app.db, ctx.mobile.e164, { payouts: USSD_PAYOUTS_SHOWN });
  if (!earnings) return null;
  const { say } = ctx;
  const amount = (ngwee: number) => compactKwacha(toKwacha(ngwee));
  // Below 0 when refunds came after her last payout: the next payout takes them off.
  const balance =
    earnings.owedNgwee >= 0
      ? say('earningsOwed', { amount: amount(earnings.owedNgwee) })
      : say('earningsCarried', { amount: amount(-earnings.owedNgwee) });
  const payouts = earnings.payouts.map((p) =>
    say('payoutLine', { amount: amount(p.amountNgwee), month: shortMonth(p.month), state: say(STATE_TEXT[p.state]) }),
  );
  return [balance, ...(payouts.length > 0 ? payouts : [say('noPayouts')])].join('\n');
}
