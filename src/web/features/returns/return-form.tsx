import { useEffect, useRef, useState, type FormEvent } from 'react';
import { RETURN_NOTE_MAX_LENGTH, type ReturnReason } from '../../../shared/returns';
import { nameWithVariant } from '../../../shared/variants';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { TextAreaField } from '../../components/ui/field';
import { ProductImage } from '../../components/ui/product-image';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { failureMessage } from '../../lib/failure-message';
import { toast } from '../../lib/toast';
import { useAskReturn, type ReturnsOwner } from './api';
import { ExchangePicker, type ExchangeItem } from './exchange-picker';
import { PhotoField, photoProblem } from './photo-field';
import { kwacha } from './return-words';
import type { Returnable, ReturnOutcome } from './types';

type Problems = Partial<Record<'lines' | 'reason' | 'unopened' | 'exchange' | 'photo', string>>;

/** What the shopper asks: which units, why, a note and a photo, then money back or another product. */
export function ReturnForm({
  owner,
  returnable,
  onDone,
}: {
  owner: ReturnsOwner;
  returnable: Returnable;
  onDone: () => void;
}) {
  const [qty, setQty] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<ReturnOutcome>('refund');
  const [exchange, setExchange] = useState<ExchangeItem[]>([]);
  const [unopened, setUnopened] = useState(false);
  // Once a send was tried, what is still missing is said, and each problem goes as soon as it is fixed.
  const [tried, setTried] = useState(false);
  const ask = useAskReturn(owner);
  const formRef = useRef<HTMLFormElement>(null);
  // Opened by its button: the keyboard and a screen reader start at the form, not back at the page's top.
  useEffect(() => formRef.current?.focus(), []);

  const chosen = returnable.lines.filter((line) => (qty[line.orderItemId] ?? 0) > 0);
  const needsUnopened = chosen.some((line) => line.rule === 'unopened-only');
  const worthNgwee = chosen.reduce((sum, line) => sum + line.unitShareNgwee * (qty[line.orderItemId] ?? 0), 0);
  const newNgwee = exchange.reduce((sum, item) => sum + item.priceNgwee * item.qty, 0);

  const found: Problems = {};
  if (chosen.length === 0) found.lines = 'Choose at least one item to return.';
  if (!reason) found.reason = 'Choose a reason.';
  if (needsUnopened && !unopened) found.unopened = 'Food can only come back unopened: please confirm.';
  if (outcome === 'exchange' && exchange.length === 0) found.exchange = 'Choose what you would like instead.';
  const photoWrong = photo ? photoProblem(photo) : null;
  // A wrong photo is said at once: it was just chosen.
  const problems: Problems = { ...(tried ? found : {}), ...(photoWrong ? { photo: photoWrong } : {}) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(found).length > 0 || photoWrong || !reason) return;
    ask.mutate(
      {
        photo,
        input: {
          lines: chosen.map((line) => ({ orderItemId: line.orderItemId, qty: qty[line.orderItemId] ?? 0 })),
          reason,
          ...(note.trim() ? { note: note.trim() } : {}),
          outcome,
          ...(outcome === 'exchange'
            ? {
                exchange: exchange.map((item) => ({
                  productId: item.productId,
                  ...(item.variantId ? { variantId: item.variantId } : {}),
                  qty: item.qty,
                })),
              }
            : {}),
          ...(needsUnopened ? { unopened } : {}),
        },
      },
      {
        onSuccess: (ret) => {
          toast.success(`Return ${ret.number} sent`);
          onDone();
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      tabIndex={-1}
      onSubmit={submit}
      noValidate
      className="space-y-6 outline-none"
      aria-label="Ask for a return"
    >
      <fieldset aria-describedby={problems.lines ? 'return-lines-error' : undefined}>
        <legend className="mb-2 font-semibold">Which items?</legend>
        <ul className="divide-y divide-sand-200">
          {returnable.lines.map((line) => {
            const label = nameWithVariant(line.name, line.variantText);
            const blocked =
              line.rule === 'never' ? 'Cannot be returned' : line.returnableQty === 0 ? 'Already asked' : null;
            return (
              <li key={line.orderItemId} className="flex flex-wrap items-center gap-3 py-3">
                <ProductImage
                  url={line.image}
                  alt=""
                  sizes="48px"
                  width={400}
                  height={400}
                  className="aspect-square w-12 shrink-0 rounded-lg"
                />
                <span className="min-w-36 flex-1">
                  <span className="block font-semibold break-words">{label}</span>
                  <span className="block text-sm text-bark-700">
                    {blocked ?? `Up to ${line.returnableQty}${line.rule === 'unopened-only' ? ', unopened only' : ''}`}
                  </span>
                </span>
                {!blocked && (
                  <QuantityStepper
                    label={label}
                    min={0}
                    max={line.returnableQty}
                    value={qty[line.orderItemId] ?? 0}
                    onChange={(next) => setQty((current) => ({ ...current, [line.orderItemId]: next }))}
                  />
                )}
              </li>
            );
          })}
        </ul>
        {problems.lines && (
          <p id="return-lines-error" className="mt-1 text-sm font-medium text-red-800">
            {problems.lines}
          </p>
        )}
      </fieldset>

      <fieldset aria-describedby={problems.reason ? 'return-reason-error' : undefined}>
        <legend className="mb-2 font-semibold">Why?</legend>
        <div className="space-y-1">
          {returnable.reasons.map((option) => (
            <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name="return-reason"
                value={option.value}
                checked={reason === option.value}
                onChange={() => setReason(option.value as ReturnReason)}
                className="h-5 w-5 accent-forest-700"
              />
              {option.label}
            </label>
          ))}
        </div>
        {problems.reason && (
          <p id="return-reason-error" className="mt-1 text-sm font-medium text-red-800">
            {problems.reason}
          </p>
        )}
      </fieldset>

      {needsUnopened && (
        <div>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <Checkbox
              checked={unopened}
              onChange={(event) => setUnopened(event.currentTarget.checked)}
              aria-invalid={problems.unopened ? true : undefined}
              aria-describedby={problems.unopened ? 'return-unopened-error' : undefined}
            />
            The food is unopened and sealed
          </label>
          {problems.unopened && (
            <p id="return-unopened-error" className="mt-1 text-sm font-medium text-red-800">
              {problems.unopened}
            </p>
          )}
        </div>
      )}

      <TextAreaField
        label="Note (optional)"
        rows={3}
        maxLength={RETURN_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />

      <PhotoField photo={photo} onChange={setPhoto} error={problems.photo} />

      <fieldset>
        <legend className="mb-2 font-semibold">What would you like?</legend>
        <div className="space-y-1">
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name="return-outcome"
              checked={outcome === 'refund'}
              onChange={() => setOutcome('refund')}
              className="h-5 w-5 accent-forest-700"
            />
            Money back to my wallet
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name="return-outcome"
              checked={outcome === 'exchange'}
              onChange={() => setOutcome('exchange')}
              className="h-5 w-5 accent-forest-700"
            />
            Another product or size
          </label>
        </div>
      </fieldset>

      {outcome === 'exchange' && (
        <div aria-describedby={problems.exchange ? 'return-exchange-error' : undefined}>
          <ExchangePicker items={exchange} onChange={setExchange} />
          {problems.exchange && (
            <p id="return-exchange-error" className="mt-1 text-sm font-medium text-red-800">
              {problems.exchange}
            </p>
          )}
        </div>
      )}

      {chosen.length > 0 && (
        <p className="rounded-xl bg-sand-50 p-3 text-sm" data-testid="return-worth">
          {outcome === 'refund'
            ? `About ${kwacha(worthNgwee)} back to your wallet once we have the items.`
            : exchange.length === 0
              ? `Your items are worth about ${kwacha(worthNgwee)}.`
              : newNgwee > worthNgwee
                ? `About ${kwacha(newNgwee - worthNgwee)} more to pay.`
                : newNgwee < worthNgwee
                  ? `About ${kwacha(worthNgwee - newNgwee)} back to your wallet.`
                  : 'Nothing more to pay.'}
        </p>
      )}

      {ask.isError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 font-semibold text-red-900">
          {failureMessage(ask.error, 'Could not send your request. Please try again.')}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={ask.isPending} className="w-full sm:w-auto">
          {ask.isPending ? 'Sending...' : 'Send request'}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={ask.isPending} className="w-full sm:w-auto">
          Cancel
        </Button>
      </div>
    </form>
  );
}
