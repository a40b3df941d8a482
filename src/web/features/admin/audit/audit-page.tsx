import { useId } from 'react';
import { AUDIT_SUBJECTS, type AuditSubject } from '../../../../shared/schemas/audit';
import { SelectField } from '../../../components/ui/select-field';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminList } from '../shared/admin-list';
import { useListAddress } from '../shared/use-list-address';
import { useAuditTrail } from './api';
import { AuditCard, auditColumns } from './audit-list';
import { SUBJECT_LABELS } from './audit-words';

const FILTER_NAMES = ['kind', 'from', 'to'] as const;
const KIND_OPTIONS = [
  { value: '', label: 'Everything' },
  ...AUDIT_SUBJECTS.map((value) => ({ value, label: SUBJECT_LABELS[value] })),
];

const isSubject = (value: string): value is AuditSubject => (AUDIT_SUBJECTS as readonly string[]).includes(value);
/** A day typed into the address that is not one is left out rather than sent to be refused. */
const dayOf = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
/** Days picked the wrong way round are read as the range they span (the server would refuse them). */
const dayRange = (from: string, to: string) => (from && to && from > to ? [to, from] : [from, to]);

function DayField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-bark-900">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="min-h-11 w-full min-w-0 rounded-xl border-2 border-sand-300 bg-white px-2 text-base text-bark-900 focus:border-forest-600"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * The audit trail: what admins did to prices, stock, orders, payments, people and settings,
 * newest first; who, when, and each line's fields before and after. Read only: nobody can change a line.
 */
export function AuditPage() {
  useDocumentTitle('Audit trail');
  const list = useListAddress(FILTER_NAMES);
  const kind = isSubject(list.filters.kind) ? list.filters.kind : '';
  const [fromDay, toDay] = dayRange(dayOf(list.filters.from), dayOf(list.filters.to));
  const trail = useAuditTrail({ subjectType: kind, fromDay, toDay, keyword: list.keyword, page: list.page });
  const filtered = Boolean(kind || fromDay || toDay || list.keyword);

  return (
    <AdminList
      title="Audit trail"
      what={{ one: 'action', many: 'actions' }}
      tools={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SelectField
            className="sm:w-40"
            label="Kind of action"
            hideLabel
            options={KIND_OPTIONS}
            value={kind}
            onChange={(event) => list.setFilter('kind', event.target.value)}
          />
          <div className="grid grid-cols-2 gap-3">
            <DayField label="From" value={fromDay} max={toDay} onChange={(day) => list.setFilter('from', day)} />
            <DayField label="To" value={toDay} min={fromDay} onChange={(day) => list.setFilter('to', day)} />
          </div>
        </div>
      }
      list={list}
      query={trail}
      pick={(data) => ({ rows: data.events, total: data.total, pages: data.pages })}
      empty={{
        text: filtered ? 'No actions found.' : 'No admin actions recorded yet.',
        hint: filtered
          ? 'Try another kind, other dates or other words.'
          : 'Changes to prices, stock, orders, payments, people and settings will show here.',
      }}
      columns={auditColumns}
      card={(event) => <AuditCard event={event} />}
      tableFrom="md"
    />
  );
}
