import { useEffect, useState } from 'react';
import type { Member } from '../../../../shared/schemas/members';
import { Badge } from '../../../components/ui/badge';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminOrder } from '../orders/api';
import { OrderDetailsDialog } from '../orders/order-details-dialog';
import { MemberPayouts } from '../payouts';
import { useMember } from './api';
import { MemberDialog } from './member-dialog';
import { MemberShares } from './member-shares';
import { kwachaOf, WALLET_CHANGE_WAITING } from './member-words';
import { WalletPanel } from './wallet-change';

function Owed({ member }: { member: Member }) {
  const below = member.balanceNgwee < 0;
  return (
    <section aria-labelledby="owed-heading" className="rounded-2xl border border-sand-200 bg-white p-4">
      <h2 id="owed-heading" className="font-sans text-sm font-semibold text-bark-700">
        Owed to her now
      </h2>
      <p className={`text-3xl font-bold ${below ? 'text-red-800' : 'text-forest-900'}`}>
        {kwachaOf(member.balanceNgwee)}
      </p>
      <p className="mt-1 text-sm text-bark-700">
        {below
          ? 'Refunds after her last payout took back more than she has earned since. Her next sales cover it first.'
          : 'Her shares not yet in a payout.'}
      </p>
    </section>
  );
}

function MemberView({ member }: { member: Member }) {
  const [editing, setEditing] = useState(false);
  const [viewedId, setViewedId] = useState<string | null>(null);
  const viewed = useAdminOrder(viewedId);
  const loadFailed = viewed.isError && viewed.data === undefined;
  useEffect(() => {
    if (loadFailed) setViewedId(null);
  }, [loadFailed]);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words">{member.name}</h1>
          {member.role && <p className="text-bark-800">{member.role}</p>}
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone={member.active ? 'green' : 'neutral'}>{member.active ? 'Active' : 'Inactive'}</Badge>
            {member.pendingWallet && <Badge tone="amber">{WALLET_CHANGE_WAITING}</Badge>}
          </div>
          <p className="mt-2 text-sm text-bark-600">Member since {formatDate(member.createdAt)}</p>
        </div>
        <Button variant="outline" aria-haspopup="dialog" onClick={() => setEditing(true)}>
          Edit
        </Button>
      </div>
      <div className="grid items-start gap-4 md:grid-cols-2">
        <Owed member={member} />
        <WalletPanel member={member} />
      </div>
      <MemberShares memberId={member._id} onOrder={setViewedId} />
      <MemberPayouts memberId={member._id} />
      <MemberDialog member={member} open={editing} onOpenChange={setEditing} />
      <OrderDetailsDialog order={viewedId ? (viewed.data ?? null) : null} onClose={() => setViewedId(null)} />
    </>
  );
}

/** One member (/admin/members/:id): her details, what she is owed, her wallet, her sales and shares, her payouts. */
export function MemberPage() {
  const { id = '' } = useParams();
  const member = useMember(id);
  useDocumentTitle(member.data ? member.data.name : 'Member');

  let body;
  if (member.isPending) body = <Spinner label="Loading the member" />;
  else if (!member.data && isNotFound(member.error))
    body = (
      <div role="alert" className="rounded-2xl border border-sand-300 bg-white p-6 text-center">
        <p className="mb-4 font-semibold">No member with this address.</p>
        <ButtonLink to="/admin/members" variant="outline">
          Back to members
        </ButtonLink>
      </div>
    );
  else if (!member.data)
    body = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="mb-4 font-semibold text-red-900">Failed to load the member. Please try again.</p>
        <Button onClick={() => member.refetch()} disabled={member.isRefetching}>
          Try again
        </Button>
      </div>
    );
  else body = <MemberView member={member.data} />;

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <Breadcrumb items={[{ label: 'Members', to: '/admin/members' }, { label: member.data?.name ?? 'Member' }]} />
      {body}
    </div>
  );
}
