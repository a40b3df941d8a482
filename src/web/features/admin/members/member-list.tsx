import type { Member } from '../../../../shared/schemas/members';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Link } from '../../../lib/router';
import type { AdminColumn } from '../shared/admin-list';
import { kwachaOf, networkName, WALLET_CHANGE_WAITING, walletNumber } from './member-words';

type OnEdit = (member: Member) => void;

export const memberPath = (member: Pick<Member, '_id'>) => `/admin/members/${encodeURIComponent(member._id)}`;

function NameAndRole({ member }: { member: Member }) {
  return (
    <div className="min-w-0">
      <Link
        to={memberPath(member)}
        className="inline-flex min-h-11 items-center font-semibold break-words text-forest-800 underline underline-offset-4 hover:text-forest-900"
      >
        {member.name}
      </Link>
      {member.role && <p className="text-bark-700">{member.role}</p>}
    </div>
  );
}

function Wallet({ member }: { member: Member }) {
  return (
    <>
      <span className="whitespace-nowrap text-bark-900">{walletNumber(member.mobile)}</span>
      <span className="block text-bark-700">{networkName(member.network)}</span>
    </>
  );
}

function Marks({ member }: { member: Member }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge tone={member.active ? 'green' : 'neutral'}>{member.active ? 'Active' : 'Inactive'}</Badge>
      {member.pendingWallet && <Badge tone="amber">{WALLET_CHANGE_WAITING}</Badge>}
    </div>
  );
}

function Owed({ member }: { member: Member }) {
  return (
    <span className={`font-semibold whitespace-nowrap ${member.balanceNgwee < 0 ? 'text-red-800' : 'text-bark-900'}`}>
      {kwachaOf(member.balanceNgwee)}
    </span>
  );
}

function EditButton({ member, onEdit }: { member: Member; onEdit: OnEdit }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-haspopup="dialog"
      onClick={() => onEdit(member)}
      aria-label={`Edit ${member.name}`}
    >
      Edit
    </Button>
  );
}

/** The table's columns (from 768 px); below that each member is a card. */
export function memberColumns(onEdit: OnEdit): AdminColumn<Member>[] {
  return [
    { header: 'Name', cell: (member) => <NameAndRole member={member} />, className: 'min-w-40', rowPadding: 'py-2' },
    { header: 'Wallet', cell: (member) => <Wallet member={member} /> },
    { header: 'State', cell: (member) => <Marks member={member} /> },
    { header: 'Owed', align: 'right', cell: (member) => <Owed member={member} /> },
    {
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      rowPadding: 'py-2',
      cell: (member) => <EditButton member={member} onEdit={onEdit} />,
    },
  ];
}

export function MemberCard({ member, onEdit }: { member: Member; onEdit: OnEdit }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <NameAndRole member={member} />
        <div className="shrink-0 pt-3 text-right">
          <p className="text-xs text-bark-600">Owed</p>
          <Owed member={member} />
        </div>
      </div>
      <p className="mt-1 text-sm text-bark-800">
        {walletNumber(member.mobile)} ({networkName(member.network)})
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <Marks member={member} />
        <EditButton member={member} onEdit={onEdit} />
      </div>
    </>
  );
}
