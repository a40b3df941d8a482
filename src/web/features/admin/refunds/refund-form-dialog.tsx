import { useEffect, useRef, useState, type FormEvent } from 'react';
import { orderReference } from '../../../../shared/order-status';
import { REFUND_NOTE_MAX_LENGTH } from '../../../../shared/refunds';
import type { OrderRefunds, RefundSource } from '../../../../shared/schemas/refunds';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { failureMessage } from '../../../lib/failure-message';
import { useRequestRefund } from './api';
import { amountText, readRefundAmount } from './refund-amount';
import { approvalRuleOf, refundConsequence, sourceInWords } from './refund-words';

interface RefundFormDialogProps {
  orderId: string;
  money: OrderRefunds;
  open: boolean;
  onClose: () => void;
}

const sourceKey = (source: RefundSource) => source.attemptId ?? 'by-hand';

/** The most that may go back through a source: its own rest, and never more than the order's. */
const mostOf = (source: RefundSource, money: OrderRefunds) => Math.min(source.refundableNgwee, money.refundableNgwee);

interface Draft {
  key: string;
  amount: string;
  reason: string;
}

function freshDraft(sources: RefundSource[], money: OrderRefunds): Draft {
  const first = sources[0];
  return { key: first ? sourceKey(first) : '', amount: first ? amountText(mostOf(first, money)) : '', reason: '' };
}

/**
 * Asking for a refund: where the money goes (the order's sources), how much (all that is left by default),
 * why; then a second step that says in words what will happen before anything is sent. A refusal of the
 * server (more than may go back, asked meanwhile by another admin) is shown here, in its words.
 */
export function RefundFormDialog({ orderId, money, open, onClose }: RefundFormDialogProps) {
  const request = useRequestRefund(orderId);
  const sources = money.sources.filter((source) => mostOf(source, money) > 0);
  const [draft, setDraft] = useState<Draft>(() => freshDraft(sources, money));
  // The amount checked on Continue: the confirm step says and sends exactly it, even if the order's money reloads meanwhile.
  const [checked, setChecked] = useState<number | null>(null);
  const step = checked === null ? 'form' : 'confirm';
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const amountField = useRef<HTMLInputElement | null>(null);
  const consequence = useRef<HTMLParagraphElement | null>(null);

  useEffect(() => {
    if (!open) return;
    setDraft(freshDraft(sources, money));
    setChecked(null);
    setErrors({});
    request.reset();
    // Only on opening: a reload of the order's money while the form is open keeps what the admin typed.
  }, [open]);

  // The step that replaced the pressed button takes the focus, so the keyboard stays in the dialog's flow.
  useEffect(() => {
    if (step === 'confirm') consequence.current?.focus();
  }, [step]);

  const source = sources.find((s) => sourceKey(s) === draft.key) ?? sources[0];
  if (!source) return null;
  const most = mostOf(source, money);
  const read = source.wholeOnly
    ? { ngwee: most }
    : readRefundAmount(
        draft.amount,
        most,
        source.refundableNgwee < money.refundableNgwee ? 'through this payment' : 'for this order',
      );
  const reason = draft.reason.trim();

  const close = (next: boolean) => {
    if (!next && !request.isPending) onClose();
  };

  const chooseSource = (key: string) => {
    const chosen = sources.find((s) => sourceKey(s) === key);
    if (chosen) setDraft({ ...draft, key, amount: amountText(mostOf(chosen, money)) });
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      amount: 'error' in read ? read.error : undefined,
      reason: reason === '' ? 'reason is required: say why the money goes back' : undefined,
    };
    setErrors(found);
    if (found.amount) amountField.current?.focus();
    else if (!found.reason && 'ngwee' in read) setChecked(read.ngwee);
  };

  const send = () => {
    if (checked === null) return;
    request.mutate({ amountNgwee: checked, reason, attemptId: source.attemptId }, { onSuccess: onClose });
  };

  const back = () => {
    request.reset();
    setChecked(null);
    // After the form is drawn again.
    window.setTimeout(() => amountField.current?.focus(), 0);
  };

  const footer =
    step === 'form' ? (
      <>
        <Button variant="outline" onClick={() => close(false)}>
          Cancel
        </Button>
        <Button type="submit" form="refund-form">
          Continue
        </Button>
      </>
    ) : (
      <>
        <Button variant="outline" onClick={back} disabled={request.isPending}>
          Back
        </Button>
        <Button onClick={send} disabled={request.isPending}>
          {request.isPending ? 'Saving...' : 'Confirm refund'}
        </Button>
      </>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Refund"
      initialFocus={amountField}
      description={
        <>
          Order <span className="font-mono font-semibold text-bark-900">{orderReference(orderId)}</span>. Your name, the
          time and the reason are kept with the refund.
        </>
      }
      footer={footer}
    >
      {step === 'form' ? (
        <form id="refund-form" onSubmit={check} noValidate className="space-y-4">
          <SelectField
            label="Send back through"
            options={sources.map((s) => ({ value: sourceKey(s), label: sourceInWords(s) }))}
            value={sourceKey(source)}
            onChange={(event) => chooseSource(event.target.value)}
          />
          <TextField
            ref={amountField}
            label="Amount (kwacha)"
            inputMode="decimal"
            autoComplete="off"
            value={source.wholeOnly ? amountText(most) : draft.amount}
            readOnly={source.wholeOnly}
            hint={source.wholeOnly ? 'Airtel sends back the whole payment only.' : `At most ${amountText(most)}.`}
            error={errors.amount}
            onInput={(event) => setDraft({ ...draft, amount: event.currentTarget.value })}
            required
          />
          <TextAreaField
            label="Why does the money go back?"
            placeholder="For example: order cancelled after payment, or paid twice"
            rows={3}
            maxLength={REFUND_NOTE_MAX_LENGTH}
            value={draft.reason}
            error={errors.reason}
            onInput={(event) => setDraft({ ...draft, reason: event.currentTarget.value })}
            required
          />
        </form>
      ) : (
        <div className="space-y-3">
          <p
            ref={consequence}
            tabIndex={-1}
            className="rounded-xl border border-honey-400 bg-sand-50 p-3 font-semibold text-bark-900"
          >
            {checked !== null && refundConsequence(source, checked, approvalRuleOf(money.approval))}
          </p>
          <p className="text-sm break-words text-bark-800">Reason: {reason}</p>
          {request.isError && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
              {failureMessage(request.error, 'Failed to ask for the refund')}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
