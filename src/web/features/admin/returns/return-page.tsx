import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { orderReference } from '../../../../shared/order-status';
import { RETURN_NOTE_MAX_LENGTH } from '../../../../shared/returns';
import { Badge } from '../../../components/ui/badge';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RETURN_STATE_TONES, returnStateLabel, ReturnTimeline, type ReturnView } from '../../returns';
import { ADMIN_ORDERS_QUERY_ROOT, useAdminOrder } from '../orders/api';
import { OrderDetailsDialog } from '../orders/order-details-dialog';
import { OrderRefundsPanel } from '../refunds/order-refunds-panel';
import { NoteDialog } from '../shared/note-dialog';
import { useAcceptReturn, useAdminReturn, useReceiveReturn, useRefundReturnAgain, useRefuseReturn } from './api';
import { ReceiveDialog } from './receive-dialog';
import { Lines, Outcome, Section } from './return-parts';

const refusalSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'Say why: the shopper is told')
    .max(RETURN_NOTE_MAX_LENGTH, `At most ${RETURN_NOTE_MAX_LENGTH} characters`),
});

function ReturnDetail({ ret }: { ret: ReturnView }) {
  const order = useAdminOrder(ret.orderId);
  const [viewing, setViewing] = useState<string | null>(null);
  const viewed = useAdminOrder(viewing);
  const [dialog, setDialog] = useState<'accept' | 'refuse' | 'receive' | 'refund' | null>(null);
  const accept = useAcceptReturn();
  const refuse = useRefuseReturn();
  const receive = useReceiveReturn();
  const refundAgain = useRefundReturnAgain();
  // The refund it asked failed or was cancelled: the return waits, received, until it is asked again.
  const refundEnded = ret.state === 'received' && (ret.refund?.state === 'failed' || ret.refund?.state === 'cancelled');
  const close = () => setDialog(null);
  const shopper = order.data;
  // The return moved on by itself (its refund reached the wallet): the order's refunds are read again with it.
  const queryClient = useQueryClient();
  const seenState = useRef(ret.state);
  useEffect(() => {
    if (seenState.current === ret.state) return;
    seenState.current = ret.state;
    void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_ROOT });
  }, [ret.state, queryClient]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Return {ret.number}</h1>
          <p className="mt-1 text-sm text-bark-700">Asked {formatDateTime(ret.createdAt)}</p>
        </div>
        <span data-testid="return-state">
          <Badge tone={RETURN_STATE_TONES[ret.state]}>{returnStateLabel(ret.state)}</Badge>
        </span>
      </div>

      {refundEnded && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p className="text-sm font-semibold text-red-900">
            The refund was {ret.refund?.state}: no money is on its way.
          </p>
          <Button onClick={() => setDialog('refund')} aria-haspopup="dialog">
            Ask the refund again
          </Button>
        </div>
      )}
      {(ret.state === 'requested' || ret.state === 'accepted') && (
        <div className="flex flex-col gap-3 sm:flex-row">
          {ret.state === 'requested' && (
            <>
              <Button onClick={() => setDialog('accept')} aria-haspopup="dialog">
                Accept
              </Button>
              <Button variant="outline" onClick={() => setDialog('refuse')} aria-haspopup="dialog">
                Refuse
              </Button>
            </>
          )}
          {ret.state === 'accepted' && (
            <Button onClick={() => setDialog('receive')} aria-haspopup="dialog">
              Receive
            </Button>
          )}
        </div>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-5 rounded-2xl border border-sand-200 bg-white p-5">
          <Section title="Order">
            <p className="flex flex-wrap items-center gap-3">
              <span className="font-mono font-semibold">{orderReference(ret.orderId)}</span>
              <Button variant="outline" size="sm" onClick={() => setViewing(ret.orderId)} aria-haspopup="dialog">
                View order
              </Button>
            </p>
          </Section>
          <Section title="Shopper">
            {shopper ? (
              <p className="text-sm">
                <span className="block font-semibold">{shopper.user?.name || shopper.shippingAddress.address}</span>
                <span className="block tabular-nums">{shopper.shippingAddress.phoneNumber}</span>
              </p>
            ) : (
              <p className="text-sm text-bark-700">{order.isError ? 'Failed to load the order.' : 'Loading...'}</p>
            )}
          </Section>
          <Section title="Items">
            <Lines ret={ret} />
          </Section>
          <Section title="Reason">
            <p className="text-sm font-semibold">{ret.reasonLabel}</p>
            {ret.unopened && <p className="text-sm">The shopper says the food is unopened.</p>}
            {ret.note && <p className="mt-1 text-sm break-words whitespace-pre-line">“{ret.note}”</p>}
            {ret.refusalReason && <p className="mt-1 text-sm text-red-900">Refused: {ret.refusalReason}</p>}
          </Section>
          {ret.photoUrl && (
            <Section title="Photo">
              <a href={ret.photoUrl} target="_blank" rel="noreferrer" className="inline-block">
                <img
                  src={ret.photoUrl}
                  alt={`The shopper's photo for return ${ret.number}`}
                  className="h-48 w-48 rounded-xl border border-sand-200 bg-sand-50 object-contain"
                />
              </a>
            </Section>
          )}
          <Section title="Outcome">
            <Outcome ret={ret} />
          </Section>
          <Section title="Where it comes back">
            <p className="text-sm break-words">{ret.where.text}</p>
          </Section>
        </div>
        <div className="space-y-5">
          <div className="rounded-2xl border border-sand-200 bg-white p-5">
            <Section title="Progress">
              <ReturnTimeline ret={ret} />
              <ul className="mt-3 space-y-1 text-sm text-bark-700">
                {ret.timeline.map((entry) => (
                  <li key={`${entry.state}-${entry.at}`}>
                    {returnStateLabel(entry.state)} by {entry.byName || 'the shopper'}, {formatDateTime(entry.at)}
                  </li>
                ))}
              </ul>
            </Section>
          </div>
          {ret.refund && shopper && (
            <div className="rounded-2xl border border-sand-200 bg-white p-5">
              <OrderRefundsPanel order={shopper} />
            </div>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={dialog === 'accept'}
        onOpenChange={(open) => !open && close()}
        title={`Accept return ${ret.number}?`}
        description="The shopper is told by text where to bring the items."
        confirmLabel="Accept"
        busyLabel="Accepting..."
        busy={accept.isPending}
        tone="primary"
        onConfirm={() => accept.mutate({ id: ret.id, input: {} }, { onSettled: close })}
      />
      <ConfirmDialog
        open={dialog === 'refund'}
        onOpenChange={(open) => !open && close()}
        title="Ask the refund again?"
        description="The money goes back the way it came; another admin approves it, as every refund."
        confirmLabel="Ask again"
        busyLabel="Asking..."
        busy={refundAgain.isPending}
        tone="primary"
        onConfirm={() => refundAgain.mutate(ret.id, { onSettled: close })}
      />
      <NoteDialog
        open={dialog === 'refuse'}
        onClose={close}
        title="Refuse"
        description="The shopper is told this reason by text."
        formId="refuse-return"
        label="Why is it refused?"
        placeholder="For example: opened food cannot come back"
        maxLength={RETURN_NOTE_MAX_LENGTH}
        schema={refusalSchema}
        saving={refuse.isPending}
        onSave={(reason) => refuse.mutate({ id: ret.id, input: { reason } }, { onSettled: close })}
      />
      <ReceiveDialog
        ret={ret}
        open={dialog === 'receive'}
        onClose={close}
        saving={receive.isPending}
        onSave={(lines) => receive.mutate({ id: ret.id, input: { lines } }, { onSettled: close })}
      />
      <OrderDetailsDialog order={viewing ? (viewed.data ?? null) : null} onClose={() => setViewing(null)} />
    </div>
  );
}

/** One return (/admin/returns/:id): what comes back and why, the shopper, and the next step. */
export function ReturnPage() {
  const { id = '' } = useParams();
  const ret = useAdminReturn(id);
  useDocumentTitle(ret.data ? `Return ${ret.data.number}` : 'Return');

  let body;
  if (ret.isPending) body = <Spinner label="Loading the return" />;
  else if (!ret.data && isNotFound(ret.error))
    body = (
      <div role="alert" className="rounded-2xl border border-sand-300 bg-white p-6 text-center">
        <p className="mb-4 font-semibold">No return with this address.</p>
        <ButtonLink to="/admin/returns" variant="outline">
          Back to returns
        </ButtonLink>
      </div>
    );
  else if (!ret.data)
    body = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="mb-4 font-semibold text-red-900">Failed to load the return. Please try again.</p>
        <Button onClick={() => ret.refetch()} disabled={ret.isRefetching}>
          Try again
        </Button>
      </div>
    );
  else body = <ReturnDetail ret={ret.data} />;

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <Breadcrumb
        items={[
          { label: 'Returns', to: '/admin/returns' },
          { label: ret.data ? `Return ${ret.data.number}` : 'Return' },
        ]}
      />
      {body}
    </div>
  );
}
