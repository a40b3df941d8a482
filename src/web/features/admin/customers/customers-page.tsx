import { Mail } from 'lucide-react';
import { useState } from 'react';
import type { User } from '../../../../shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuth } from '../../auth';
import { AdminList } from '../shared/admin-list';
import { useListAddress } from '../shared/use-list-address';
import { useCustomers, useDeleteUser, useSetAdmin } from './api';
import { BulkEmailDialog, type Recipient } from './bulk-email-dialog';
import {
  chosenCard,
  chosenRow,
  CustomerCard,
  customerColumns,
  SelectAllCards,
  type CustomerAction,
  type CustomerListProps,
} from './customer-list';

/**
 * The selection is kept by id across pages and searches, so an admin can gather recipients from
 * several searches; select-all adds or removes only the customers shown.
 */
function useSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, Recipient>>(new Map());
  const change = (users: User[], checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const user of users) {
        // Customers who signed up with a phone number alone have no e-mail to send to.
        if (checked && user.email) next.set(user._id, { name: user.name, email: user.email });
        else next.delete(user._id);
      }
      return next;
    });
  const keepOnly = (wanted: (recipient: Recipient) => boolean) =>
    setSelected((current) => new Map([...current].filter(([, recipient]) => wanted(recipient))));
  return { selected, change, keepOnly, clear: () => setSelected(new Map()) };
}

export function CustomersPage() {
  useDocumentTitle('Customers');
  const { user: me } = useAuth();
  const list = useListAddress();
  const customers = useCustomers({ keyword: list.keyword, page: list.page });
  const selection = useSelection();
  const [emailOpen, setEmailOpen] = useState(false);
  const [pending, setPending] = useState<CustomerAction | null>(null);
  const setAdmin = useSetAdmin();
  const deleteUser = useDeleteUser();
  const busy = setAdmin.isPending || deleteUser.isPending;

  const act = (action: CustomerAction) => {
    // Removing rights is undone with one tap; granting them and deleting are asked first.
    if (action.kind === 'revoke') setAdmin.mutate({ id: action.user._id, isAdmin: false });
    else setPending(action);
  };

  const confirm = () => {
    if (!pending) return;
    const done = { onSettled: () => setPending(null) };
    if (pending.kind === 'delete') {
      const removed = pending.user;
      deleteUser.mutate(removed._id, { ...done, onSuccess: () => selection.change([removed], false) });
    } else {
      setAdmin.mutate({ id: pending.user._id, isAdmin: true }, done);
    }
  };

  const count = selection.selected.size;
  const shownUsers = customers.data?.users ?? [];
  const rowProps: CustomerListProps = {
    users: shownUsers,
    selected: selection.selected,
    onToggle: (user, checked) => selection.change([user], checked),
    onToggleAll: (checked) => selection.change(shownUsers, checked),
    currentUserId: me?._id ?? '',
    busy,
    onAction: act,
  };

  return (
    <AdminList
      title="Customers"
      what={{ one: 'customer', many: 'customers' }}
      counted={{ one: 'account', many: 'accounts' }}
      tools={
        <div className="flex flex-wrap items-center gap-2">
          {count > 0 && (
            <Button variant="ghost" onClick={selection.clear}>
              Clear selection
            </Button>
          )}
          <Button onClick={() => setEmailOpen(true)} disabled={count === 0} className="grow sm:grow-0">
            <Mail aria-hidden="true" className="h-5 w-5" />
            Email Selected ({count})
          </Button>
        </div>
      }
      list={list}
      query={customers}
      pick={(data) => ({ rows: data.users, total: data.totalUsers, pages: data.pages })}
      empty={{ text: 'No customers found.' }}
      columns={customerColumns(rowProps)}
      card={(user) => <CustomerCard user={user} {...rowProps} />}
      rowClassName={chosenRow(selection.selected)}
      cardClassName={chosenCard(selection.selected)}
      aboveCards={<SelectAllCards {...rowProps} />}
      tableFrom="md"
    >
      <BulkEmailDialog
        open={emailOpen}
        onOpenChange={setEmailOpen}
        recipients={[...selection.selected.values()]}
        onSent={(failed) => {
          setEmailOpen(false);
          // Those the message did not reach stay chosen, ready for another try.
          selection.keepOnly((recipient) => failed.includes(recipient.email.toLowerCase()));
        }}
      />

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'delete' ? 'Delete customer' : 'Make admin'}
        description={
          pending?.kind === 'delete'
            ? `Are you sure you want to delete ${pending.user.name} (${pending.user.email})? This action cannot be undone. Their orders are kept.`
            : `Give ${pending?.user.name ?? ''} (${pending?.user.email ?? ''}) admin rights? They will be able to manage products, orders and customers.`
        }
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : 'Make admin'}
        busyLabel={pending?.kind === 'delete' ? 'Deleting...' : 'Saving...'}
        busy={busy}
        onConfirm={confirm}
      />
    </AdminList>
  );
}
