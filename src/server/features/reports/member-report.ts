import { plainKwacha } from '../../../shared/money';
import { memberPayoutState } from '../../../shared/member-earnings';
import type { MemberMonthReport, MyEarnings } from '../../../shared/schemas/member-reports';
import { SHOP_TIME_ZONE, shopMonthOf } from '../../../shared/shop-time';
import type { Db } from '../../db/client';
import { csvLine, UTF8_BOM, type CsvCell } from './csv';
import { fundOfMonth, lastPayoutsOf, memberByWallet, membersOfMonth } from './member-queries';

/**
 * The members' shares per month for the treasurer, and a member's own figures for her
 * (docs/decisions/066-member-earnings-reports.md). Months are the shop's (Africa/Lusaka): an entry counts in
 * the month it was written, a payout in the month it ended successful.
 */
export async function memberMonthReport(db: Db, month: string): Promise<MemberMonthReport> {
  const [rows, fund] = await Promise.all([membersOfMonth(db, month), fundOfMonth(db, month)]);
  const members = rows.map((row) => ({ ...row, netNgwee: row.earnedNgwee - row.takenBackNgwee }));
  const sum = (pick: (line: (typeof members)[number]) => number) => members.reduce((total, m) => total + pick(m), 0);
  const membersTotal = {
    earnedNgwee: sum((m) => m.earnedNgwee),
    takenBackNgwee: sum((m) => m.takenBackNgwee),
    netNgwee: sum((m) => m.netNgwee),
    paidOutNgwee: sum((m) => m.paidOutNgwee),
    owedNgwee: sum((m) => m.owedNgwee),
  };
  const fundLine = { ...fund, netNgwee: fund.saleNgwee + fund.deliveryNgwee - fund.takenBackNgwee };
  return {
    month,
    timeZone: SHOP_TIME_ZONE,
    members,
    fund: fundLine,
    totals: {
      members: membersTotal,
      allShares: {
        saleNgwee: membersTotal.earnedNgwee + fundLine.saleNgwee,
        deliveryNgwee: fundLine.deliveryNgwee,
        takenBackNgwee: membersTotal.takenBackNgwee + fundLine.takenBackNgwee,
        netNgwee: membersTotal.netNgwee + fundLine.netNgwee,
      },
    },
  };
}

export const MEMBERS_HEADER = [
  'Month',
  'Kind',
  'Name',
  'Member ID',
  'Earned from sales (ZMW)',
  'Delivery fees (ZMW)',
  'Taken back by refunds (ZMW)',
  'Net (ZMW)',
  'Paid out (ZMW)',
  'Owed at month end (ZMW)',
] as const;

/** One row per member, then the fund, then the totals; a figure that does not apply to a row is empty. */
export function memberMonthReportCsv(report: MemberMonthReport): string {
  const money = (ngwee: number | null) => (ngwee === null ? '' : plainKwacha(ngwee));
  const row = (
    kind: string,
    name: string,
    memberId: string,
    figures: {
      sale: number;
      delivery: number | null;
      takenBack: number;
      net: number;
      paidOut: number | null;
      owed: number | null;
    },
  ): CsvCell[] => [
    report.month,
    kind,
    name,
    memberId,
    money(figures.sale),
    money(figures.delivery),
    money(figures.takenBack),
    money(figures.net),
    money(figures.paidOut),
    money(figures.owed),
  ];
  const { members, fund, totals } = report;
  const rows = [
    ...members.map((m) =>
      row('Member', m.name, m.memberId, {
        sale: m.earnedNgwee,
        delivery: null,
        takenBack: m.takenBackNgwee,
        net: m.netNgwee,
        paidOut: m.paidOutNgwee,
        owed: m.owedNgwee,
      }),
    ),
    row('Fund', 'Co-op fund', '', {
      sale: fund.saleNgwee,
      delivery: fund.deliveryNgwee,
      takenBack: fund.takenBackNgwee,
      net: fund.netNgwee,
      paidOut: null,
      owed: null,
    }),
    row('Total', 'All members', '', {
      sale: totals.members.earnedNgwee,
      delivery: null,
      takenBack: totals.members.takenBackNgwee,
      net: totals.members.netNgwee,
      paidOut: totals.members.paidOutNgwee,
      owed: totals.members.owedNgwee,
    }),
    row('Total', 'All shares (members and fund)', '', {
      sale: totals.allShares.saleNgwee,
      delivery: totals.allShares.deliveryNgwee,
      takenBack: totals.allShares.takenBackNgwee,
      net: totals.allShares.netNgwee,
      paidOut: null,
      owed: null,
    }),
  ];
  return UTF8_BOM + csvLine(MEMBERS_HEADER) + rows.map(csvLine).join('');
}

/**
 * A member's own figures, found by the wallet number she is known by (her confirmed sign-in number on the
 * web, the caller's number on USSD); undefined when no active member has that number. Reads only her rows.
 */
export async function memberEarnings(
  db: Db,
  mobile: string,
  { payouts: shown, now = new Date() }: { payouts: number; now?: Date },
): Promise<MyEarnings | undefined> {
  const month = shopMonthOf(now);
  const own = await memberByWallet(db, mobile, month);
  if (!own) return undefined;
  const payouts = (await lastPayoutsOf(db, own.memberId, shown)).flatMap((p) => {
    const state = memberPayoutState(p.state);
    return state ? [{ amountNgwee: p.amountNgwee, month: p.period, state, at: p.at.toISOString() }] : [];
  });
  return { name: own.name, owedNgwee: own.owedNgwee, month, earnedThisMonthNgwee: own.earnedNgwee, payouts };
}
