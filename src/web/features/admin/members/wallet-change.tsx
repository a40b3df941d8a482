import { useEffect, useRef, useState } from 'react';
import { readZambianMobile } from '../../../../shared/phone-numbers';
import type { Member } from '../../../../shared/schemas/members';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { failureMessage } from '../../../lib/failure-message';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { useApproveWalletChange, useAskWalletChange, useCancelWalletChange } from './api';
import { WAITING_FOR_ANOTHER_ADMIN, WALLET_CHANGE_WAITING, walletWords } from './member-words';

/** Asks for a new wallet number: it waits for another admin, and her current number gets a text. */
function AskWalletDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const ask = useAskWalletChange(member._id);
  useEffect(() => {
    if (!open) return;
    setMobile('');
    setError(null);
  }, [open]);

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const check = readZambianMobile(mobile);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    ask.mutate(
      { mobile: check.mobile.e164 },
      {
        onSuccess: () => {
          toast.success('Wallet change asked: another admin must approve it');
          onClose();
        },
        onError: (failure) => setError(failureMessage(failure, 'Failed to ask for the wallet change')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !ask.isPending && onClose()}
      title="Change wallet"
      initialFocus={field}
      description={`Now: ${walletWords(member)}. Another admin must approve the new number. Her current number gets a text.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={ask.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="wallet-change-form" disabled={ask.isPending}>
            {ask.isPending ? 'Asking...' : 'Ask for the change'}
          </Button>
        </>
      }
    >
      <form id="wallet-change-form" noValidate onSubmit={submit}>
        <TextField
          ref={field}
          label="New mobile money number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="096 123 4567"
          value={mobile}
          error={error ?? undefined}
          onInput={(e) => setMobile(e.currentTarget.value)}
        />
      </form>
    </Dialog>
  );
}

type WalletAction = ReturnType<typeof useApproveWalletChange> | ReturnType<typeof useCancelWalletChange>;

/** A change waiting: another admin approves it; any admin may cancel it. The asker is told to wait. */
function WaitingChange({ member, approve, cancel }: { member: Member; approve: WalletAction; cancel: WalletAction }) {
  const pending = member.pendingWallet!;
  const { user } = useAuth();
  const mine = user !== null && pending.requestedBy._id === user._id;
  const busy = approve.isPending || cancel.isPending;
  const act = (action: WalletAction, other: WalletAction) => {
    other.reset();
    action.mutate();
  };

  return (
    <div className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{WALLET_CHANGE_WAITING}</p>
      <p className="mt-1">
        New number: <span className="font-semibold">{walletWords(pending)}</span>
      </p>
      <p className="text-bark-800">
        Asked by {pending.requestedBy.name || 'a former admin'}, {formatDateTime(pending.requestedAt)}
      </p>
      {mine && <p className="mt-2 font-semibold">{WAITING_FOR_ANOTHER_ADMIN}.</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {!mine && (
          <Button size="sm" disabled={busy} onClick={() => act(approve, cancel)}>
            {approve.isPending ? 'Approving...' : 'Approve new number'}
          </Button>
        )}
        <Button size="sm" variant="outline" disabled={busy} onClick={() => act(cancel, approve)}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel change'}
        </Button>
      </div>
    </div>
  );
}

/** The member's wallet: her number, and the change waiting for a second admin (decision 065). */
export function WalletPanel({ member }: { member: Member }) {
  const [asking, setAsking] = useState(false);
  // Held here, not in the waiting change: a refusal (403, or 409 when another admin was first) stays in
  // view after the member is read again and the waiting change is gone.
  const approve = useApproveWalletChange(member._id);
  const cancel = useCancelWalletChange(member._id);
  const failed = approve.error ?? cancel.error;
  const refusal = failed
    ? failureMessage(
        failed,
        approve.error ? 'Failed to approve the wallet change' : 'Failed to cancel the wallet change',
      )
    : null;
  return (
    <section aria-labelledby="wallet-heading" className="space-y-3 rounded-2xl border border-sand-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="wallet-heading" className="text-lg font-bold">
            Wallet
          </h2>
          <p className="text-bark-900">{walletWords(member)}</p>
        </div>
        {!member.pendingWallet && (
          <Button
            variant="outline"
            size="sm"
            aria-haspopup="dialog"
            onClick={() => {
              approve.reset();
              cancel.reset();
              setAsking(true);
            }}
          >
            Change wallet
          </Button>
        )}
      </div>
      {refusal && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-2 text-sm break-words text-red-900">
          {refusal}
        </p>
      )}
      {member.pendingWallet && <WaitingChange member={member} approve={approve} cancel={cancel} />}
      <AskWalletDialog member={member} open={asking} onClose={() => setAsking(false)} />
    </section>
  );
}
