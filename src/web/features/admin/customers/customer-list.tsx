import { formatZambianMobile } from '../../../../shared/phone-numbers';
import { ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import type { User } from '../../../../shared/schemas/users';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox, CheckboxTarget } from '../../../components/ui/checkbox';
import { formatDate } from '../../../lib/format';
import type { AdminColumn } from '../shared/admin-list';

export type CustomerAction = { kind: 'grant' | 'revoke' | 'delete'; user: User };

export interface CustomerListProps {
  /** The page shown: select-all acts on it. */
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

function RowActions({
  user,
  currentUserId,
  busy,
  onAction,
}: Pick<CustomerListProps, 'currentUserId' | 'busy' | 'onAction'> & { user: User }) {
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
        {user.isAdmin ? (
          <ShieldOff aria-hidden="true" className="h-4 w-4" />
        ) : (
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
        )}
        {user.isAdmin ? 'Remove admin' : 'Make admin'}
      </Button>
      <Button
        variant="danger"
        size="icon"
        disabled={busy}
        onClick={() => onAction({ kind: 'delete', user })}
        aria-label={`Delete ${user.name}`}
      >
        <Trash2 aria-hidden="true" className="h-5 w-5" />
      </Button>
    </div>
  );
}

/** Select-all works on the shown page: checked when all of it is chosen, indeterminate when part is. */
function pageSelection(users: User[], selected: CustomerListProps['selected']) {
  // Customers who signed up with a phone number alone have no e-mail to send to.
  const mailable = users.filter((user) => user.email);
  const chosen = mailable.filter((user) => selected.has(user._id)).length;
  return { all: mailable.length > 0 && chosen === mailable.length, some: chosen > 0 && chosen < mailable.length };
}

/** The e-mail, or for an account opened by phone its sign-in number. */
const contactOf = (user: User) => user.email || (user.mobile ? `No e-mail · ${formatZambianMobile(user.mobile)}` : '');

function SelectAll({ users, selected, onToggleAll }: Pick<CustomerListProps, 'users' | 'selected' | 'onToggleAll'>) {
  const { all, some } = pageSelection(users, selected);
  return (
    <Checkbox
      checked={all}
      indeterminate={some}
      onChange={(event) => onToggleAll(event.target.checked)}
      aria-label="Select all customers on this page"
    />
  );
}

function SelectOne({ user, selected, onToggle }: Pick<CustomerListProps, 'selected' | 'onToggle'> & { user: User }) {
  return (
    <Checkbox
      checked={selected.has(user._id)}
      disabled={!user.email}
      onChange={(event) => onToggle(user, event.target.checked)}
      aria-label={`Select ${user.name}`}
    />
  );
}

/** The table's columns (from 768 px); below that each customer is a card. */
export function customerColumns(props: CustomerListProps): AdminColumn<User>[] {
  return [
    {
      header: (
        <CheckboxTarget>
          <SelectAll {...props} />
        </CheckboxTarget>
      ),
      headerClassName: 'w-12',
      rowPadding: 'py-2',
      cell: (user) => (
        <CheckboxTarget>
          <SelectOne user={user} {...props} />
        </CheckboxTarget>
      ),
    },
    { header: 'Customer', cell: (user) => user.name, className: 'font-medium text-bark-900' },
    { header: 'Email', cell: contactOf, className: 'text-bark-700 [overflow-wrap:anywhere]' },
    { header: 'Joined', cell: (user) => formatDate(user.createdAt), className: 'whitespace-nowrap text-bark-700' },
    { header: 'Status', cell: (user) => <StatusBadge isAdmin={user.isAdmin} /> },
    {
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      rowPadding: 'py-1',
      cell: (user) => <RowActions user={user} {...props} />,
    },
  ];
}

/** Where the table has select-all in its header, the cards have it above them. */
export function SelectAllCards(props: CustomerListProps) {
  return (
    <label className="mb-2 flex min-h-11 items-center gap-3 px-4 text-sm font-semibold text-bark-900">
      <SelectAll {...props} />
      Select all on this page
    </label>
  );
}

export function CustomerCard({ user, ...props }: CustomerListProps & { user: User }) {
  return (
    <>
      <div className="flex items-start gap-3">
        <CheckboxTarget>
          <SelectOne user={user} {...props} />
        </CheckboxTarget>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 font-semibold break-words text-bark-900">{user.name}</p>
            <StatusBadge isAdmin={user.isAdmin} />
          </div>
          <p className="text-sm text-bark-700 [overflow-wrap:anywhere]">{contactOf(user)}</p>
          <p className="mt-1 text-sm text-bark-600">Joined {formatDate(user.createdAt)}</p>
        </div>
      </div>
      <div className="mt-2 flex justify-end">
        <RowActions user={user} {...props} />
      </div>
    </>
  );
}

/** A chosen customer's row and card stand out. */
export const chosenRow = (selected: CustomerListProps['selected']) => (user: User) =>
  selected.has(user._id) ? 'bg-forest-50' : 'hover:bg-sand-50';
export const chosenCard = (selected: CustomerListProps['selected']) => (user: User) =>
  selected.has(user._id) ? 'border-forest-300 bg-forest-50' : 'border-sand-200 bg-white';
