import { useSearchParams } from '../../../lib/router';
import { shopMonthOf } from '../../../../shared/shop-time';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month the reports page shows (?month=YYYY-MM, this shop-time month when absent), and how to choose another. */
export function useReportMonth() {
  const [params, setParams] = useSearchParams();
  const thisMonth = shopMonthOf(new Date());
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : thisMonth;
  const chooseMonth = (value: string) => {
    if (!MONTH.test(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === thisMonth) next.delete('month');
        else next.set('month', value);
        return next;
      },
      { replace: true },
    );
  };
  return { month, thisMonth, chooseMonth };
}
