import { RETURN_STATES, type ReturnState } from '../../../../shared/returns';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminList } from '../shared/admin-list';
import { useListAddress } from '../shared/use-list-address';
import { useAdminReturns } from './api';
import { ReturnCard, returnColumns, type ListedReturn } from './return-list';
import { ReturnsTabs } from './returns-tabs';

const FILTER_NAMES = ['state'] as const;
const isState = (value: string): value is ReturnState => (RETURN_STATES as readonly string[]).includes(value);
const COLUMNS = returnColumns();

/** The shop's returns by state, those waiting for a yes or no first; each opens its detail. */
export function ReturnsPage() {
  useDocumentTitle('Returns');
  const list = useListAddress(FILTER_NAMES);
  const state = isState(list.filters.state) ? list.filters.state : 'requested';
  const returns = useAdminReturns({ state, page: list.page });

  return (
    <AdminList
      title="Returns"
      what={{ one: 'return', many: 'returns' }}
      searchable={false}
      tools={<ReturnsTabs current={state} counts={returns.data?.counts} />}
      list={list}
      query={returns}
      pick={(data) => ({
        rows: data.returns.map((row): ListedReturn => ({ ...row, _id: row.id })),
        total: data.total,
        pages: data.pages,
      })}
      empty={{ text: state === 'requested' ? 'No return is waiting for an answer.' : 'No returns here.' }}
      columns={COLUMNS}
      card={(row) => <ReturnCard row={row} />}
      tableFrom="lg"
    />
  );
}
