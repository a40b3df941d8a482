import { useCallback, useMemo, useState } from 'react';
import type { Member } from '../../../../shared/schemas/members';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminList } from '../shared/admin-list';
import { useListAddress } from '../shared/use-list-address';
import { useMembers, type MemberShown } from './api';
import { MemberDialog } from './member-dialog';
import { MemberCard, memberColumns } from './member-list';

const SHOWN_LABELS: Record<MemberShown, string> = {
  all: 'All members',
  active: 'Active members',
  inactive: 'Inactive members',
};
const FILTER_NAMES = ['show'] as const;
const isShown = (value: string): value is MemberShown => value in SHOWN_LABELS;

/**
 * The co-op's members (docs/decisions/065-members-and-wallet-changes.md): who makes what, her wallet, what
 * she is owed. Each opens her page (her sales, payouts and wallet change).
 */
export function MembersPage() {
  useDocumentTitle('Members');
  const list = useListAddress(FILTER_NAMES);
  const shown = isShown(list.filters.show) ? list.filters.show : 'all';
  const members = useMembers(shown);
  const [editing, setEditing] = useState<Member | null>(null);
  const [open, setOpen] = useState(false);
  const edit = useCallback((member: Member | null) => {
    setEditing(member);
    setOpen(true);
  }, []);
  const columns = useMemo(() => memberColumns(edit), [edit]);

  return (
    <AdminList
      title="Members"
      what={{ one: 'member', many: 'members' }}
      action={
        <Button aria-haspopup="dialog" onClick={() => edit(null)}>
          Add member
        </Button>
      }
      searchable={false}
      tools={
        <SelectField
          className="sm:w-64"
          label="Show members"
          hideLabel
          options={(Object.keys(SHOWN_LABELS) as MemberShown[]).map((value) => ({
            value,
            label: SHOWN_LABELS[value],
          }))}
          value={shown}
          onChange={(event) => list.setFilter('show', event.target.value === 'all' ? '' : event.target.value)}
        />
      }
      list={list}
      query={{ ...members, isPlaceholderData: false }}
      pick={(data) => ({ rows: data.members, total: data.members.length, pages: 1 })}
      empty={{
        text: shown === 'all' ? 'No members yet.' : 'No members found.',
        hint: shown === 'all' ? 'Add the co-op’s makers to pay them their share.' : 'Try another filter.',
      }}
      columns={columns}
      card={(member) => <MemberCard member={member} onEdit={edit} />}
      tableFrom="md"
    >
      <MemberDialog member={editing} open={open} onOpenChange={setOpen} />
    </AdminList>
  );
}
