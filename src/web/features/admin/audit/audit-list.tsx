import type { AuditEvent } from '../../../../shared/schemas/audit';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import type { AdminColumn } from '../shared/admin-list';
import { AuditChanges } from './audit-changes';
import { actionLabel } from './audit-words';

/** Deletions and removals stand out in red, money in amber, the rest plain. */
function toneOf(action: string): BadgeTone {
  if (action.endsWith('.deleted') || action === 'user.admin-removed' || action === 'order.cancelled') return 'red';
  if (
    action === 'order.marked-paid' ||
    action === 'order.paid-on-collection' ||
    action === 'payment.resolved' ||
    action === 'settings.updated'
  )
    return 'amber';
  if (action === 'user.admin-granted') return 'purple';
  return 'neutral';
}

function What({ event }: { event: AuditEvent }) {
  return (
    <>
      <Badge tone={toneOf(event.action)}>{actionLabel(event.action)}</Badge>
      <p className="mt-1.5 [overflow-wrap:anywhere] text-bark-900">{event.summary}</p>
      <AuditChanges event={event} />
    </>
  );
}

/** From 768 px a table (when, who, what); below that each line is a card. */
export const auditColumns: AdminColumn<AuditEvent>[] = [
  { header: 'When', cell: (event) => formatDateTime(event.at), className: 'align-top whitespace-nowrap text-bark-700' },
  { header: 'Who', cell: (event) => event.actor.name, className: 'align-top min-w-32 font-medium text-bark-900' },
  { header: 'What', cell: (event) => <What event={event} />, className: 'align-top w-full' },
];

export function AuditCard({ event }: { event: AuditEvent }) {
  return (
    <>
      <p className="text-sm text-bark-700">
        {formatDateTime(event.at)} · <span className="font-medium text-bark-900">{event.actor.name}</span>
      </p>
      <div className="mt-2 text-sm">
        <What event={event} />
      </div>
    </>
  );
}
