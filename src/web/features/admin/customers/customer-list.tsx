import { ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import type { User } from '../../../../shared/schemas/users';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { formatDate } from '../../../lib/format';

export type CustomerAction = { kind: 'grant' | 'revoke' | 'delete'; user: User };

interface CustomerListProps {
  users: User[];
  selected: { has: (id: string) => boolean };
  onToggle: (user: User, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  /** The signed-in admin: no actions on their own row (the server refuses them too). */
  currentUserId: string;
  busy: boolean;
  onAction: (action: CustomerAction) => void;
}

function StatusBadge({ isAdmin }: { isAdmin: boolean }) {
  return <Badge tone={isAdmin ? 'purple' : 'neutral'}>{isAdmin ? 'Admin' : 'Customer'}</Badge>;
}

function RowActions({ user, currentUserId, busy, onAction }: Pick<CustomerListProps, 'currentUserId' | 'busy' | 'onAction'> & { user: User }) {
  if (user._id === currentUserId) return <span className="text-sm text-bark-600">You</span>;
  return (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      <Button
        variant="ghost"
        size="sm"
        className="min-h-11"
        disabled={busy}
        onClick={() => onAction({ kind: user.isAdmin ? 'revoke' : 'grant', user })}
        aria-label={user.isAdmin ? `Remove admin rights from ${user.name}` : `Make ${user.name} an admin`}
      >
        {user.isAdmin ? <ShieldOff aria-hidden="true" className="h-4 w-4" /> : <ShieldCheck aria-hidden="true" className="h-4 w-4" />}
        {user.isAdmin ? 'Remove admin' : 'Make admin'}
      </Button>
      <Button variant="danger" size="icon" disabled={busy} onClick={() => onAction({ kind: 'delete', user })} aria-label={`Delete ${user.name}`}>
        <Trash2 aria-hidden="true" className="h-5 w-5" />
      </Button>
    </div>
  );
}

/** Select-all works on the shown page: checked when all of it is chosen, indeterminate when part is. */
function pageSelection(users: User[], selected: CustomerListProps['selected']) {
  const chosen = users.filter((user) => selected.has(user._id)).length;
  return { all: users.length > 0 && chosen === users.length, some: chosen > 0 && chosen < users.length };
}

/** A table from 768 px; below that each customer is a card, so nothing scrolls sideways on a phone. */
export function CustomerList(props: CustomerListProps) {
  const { users, selected, onToggle, onToggleAll } = props;
  const { all, some } = pageSelection(users, selected);
  const selectAll = (className = '') => (
    <Checkbox
      className={className}
      checked={all}
      indeterminate={some}
      onChange={(event) => onToggleAll(event.target.checked)}
      aria-label="Select all customers on this page"
    />
  );

  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-sand-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-sand-50 text-xs font-semibold tracking-wide whitespace-nowrap text-bark-700 uppercase">
            <tr>
              <th scope="col" className="w-12 px-3 py-3">
                {selectAll()}
              </th>
              <th scope="col" className="px-3 py-3">Customer</th>
              <th scope="col" className="px-3 py-3">Email</th>
              <th scope="col" className="px-3 py-3">Joined</th>
              <th scope="col" className="px-3 py-3">Status</th>
              <th scope="col" className="px-3 py-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {users.map((user) => (
              <tr key={user._id} className={selected.has(user._id) ? 'bg-forest-50' : 'hover:bg-sand-50'}>
                <td className="px-3 py-2">
                  <Checkbox checked={selected.has(user._id)} onChange={(event) => onToggle(user, event.target.checked)} aria-label={`Select ${user.name}`} />
                </td>
                <td className="px-3 py-3 font-medium text-bark-900">{user.name}</td>
                <td className="px-3 py-3 text-bark-700 [overflow-wrap:anywhere]">{user.email}</td>
                <td className="px-3 py-3 whitespace-nowrap text-bark-700">{formatDate(user.createdAt)}</td>
                <td className="px-3 py-3">
                  <StatusBadge isAdmin={user.isAdmin} />
                </td>
                <td className="px-3 py-1 text-right">
                  <RowActions user={user} {...props} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="md:hidden">
        <label className="mb-2 flex min-h-11 items-center gap-3 px-4 text-sm font-semibold text-bark-900">
          {selectAll()}
          Select all on this page
        </label>
        <ul className="space-y-3" aria-label="Customers">
          {users.map((user) => (
            <li key={user._id} className={`rounded-2xl border p-4 ${selected.has(user._id) ? 'border-forest-300 bg-forest-50' : 'border-sand-200 bg-white'}`}>
              <div className="flex items-start gap-3">
                {/* The padding makes a 44 px target around the small box. */}
                <label className="-m-3 flex shrink-0 cursor-pointer p-3">
                  <Checkbox checked={selected.has(user._id)} onChange={(event) => onToggle(user, event.target.checked)} aria-label={`Select ${user.name}`} />
                </label>
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 font-semibold break-words text-bark-900">{user.name}</p>
                    <StatusBadge isAdmin={user.isAdmin} />
                  </div>
                  <p className="text-sm text-bark-700 [overflow-wrap:anywhere]">{user.email}</p>
                  <p className="mt-1 text-sm text-bark-600">Joined {formatDate(user.createdAt)}</p>
                </div>
              </div>
              <div className="mt-2 flex justify-end">
                <RowActions user={user} {...props} />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
