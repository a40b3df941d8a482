import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { AuditEvent } from '../../../../shared/schemas/audit';
import { auditChanges, type AuditChange } from './audit-words';

function Value({ label, text, tone }: { label: string; text: string; tone: 'before' | 'after' | 'same' }) {
  const colour =
    tone === 'before'
      ? 'bg-red-50 text-red-950'
      : tone === 'after'
        ? 'bg-forest-50 text-forest-950'
        : 'bg-sand-50 text-bark-900';
  return (
    <div className={`min-w-0 rounded-lg px-2 py-1 ${colour}`}>
      <span className="block text-xs font-semibold text-bark-700">{label}</span>
      <span className="[overflow-wrap:anywhere] whitespace-pre-line">{text}</span>
    </div>
  );
}

function ChangeRow({ change }: { change: AuditChange }) {
  let values;
  if (change.same) values = <Value label="Unchanged" text={change.after ?? ''} tone="same" />;
  else if (change.before === null) values = <Value label="Set to" text={change.after ?? ''} tone="after" />;
  else if (change.after === null) values = <Value label="Was" text={change.before} tone="before" />;
  else {
    values = (
      <div className="grid gap-1 sm:grid-cols-2">
        <Value label="Before" text={change.before} tone="before" />
        <Value label="After" text={change.after} tone="after" />
      </div>
    );
  }
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="font-semibold text-bark-900">{change.label}</dt>
      <dd className="min-w-0">{values}</dd>
    </div>
  );
}

/** "Show changes": each field the action touched, before → after (money in kwacha). Nothing to show, no button. */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const changes = auditChanges(event.before, event.after);
  if (changes.length === 0) return null;
  return (
    <div className="mt-2">
      <button
        type="button"
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-sm font-semibold text-forest-800 hover:bg-forest-50"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        {open ? 'Hide changes' : 'Show changes'}
      </button>
      <dl
        id={panelId}
        hidden={!open}
        className="mt-1 divide-y divide-sand-200 rounded-xl border border-sand-200 bg-white px-3 text-sm"
      >
        {changes.map((change) => (
          <ChangeRow key={change.key} change={change} />
        ))}
      </dl>
    </div>
  );
}
