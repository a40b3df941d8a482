import { orderShareCredits } from '../../../../../shared/member-shares';

export interface SplitMaker {
  memberId: string;
  name: string;
  parts: number;
}

export interface UnitSplit {
  makers: Array<{ memberId: string; name: string; ngwee: number }>;
  fundNgwee: number;
}

/**
 * What one unit sold at `priceNgwee` (before VAT, no discount) earns each maker and the co-op's fund, by
 * the ledger's own rule (orderShareCredits on a one-line order), so the editor shows the split the ledger
 * will write.
 */
export function unitSplit(priceNgwee: number, makersPercent: number, makers: readonly SplitMaker[]): UnitSplit {
  const credits = orderShareCredits({
    id: 'preview',
    discountNgwee: 0,
    shippingNgwee: 0,
    lines: [
      {
        orderItemId: 'preview',
        productName: '',
        quantity: 1,
        lineNgwee: priceNgwee,
        makersPercent,
        makers: makers.map(({ memberId, parts }) => ({ memberId, parts })),
      },
    ],
  });
  const of = (party: string | null) =>
    credits.filter((credit) => credit.memberId === party).reduce((sum, credit) => sum + credit.amountNgwee, 0);
  return {
    makers: makers.map(({ memberId, name }) => ({ memberId, name, ngwee: of(memberId) })),
    fundNgwee: of(null),
  };
}
