import { useEffect, useState } from 'react';
import { DELIVERY_KIND_LABELS, DELIVERY_KINDS, type DeliveryKind } from '../../../../shared/delivery';
import { ZAMBIAN_PROVINCES } from '../../../../shared/provinces';
import type { DeliveryOption } from '../../../../shared/schemas/delivery';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';
import { useSaveDeliveryOption } from './api';
import { emptyForm, formOf, readForm, type FormErrors, type OptionFormValues } from './option-form';

interface Props {
  /** The option to edit; null to add one. */
  option: DeliveryOption | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const KIND_OPTIONS = DELIVERY_KINDS.map((kind) => ({ value: kind, label: DELIVERY_KIND_LABELS[kind] }));

export function OptionDialog({ option, open, onOpenChange }: Props) {
  const [values, setValues] = useState<OptionFormValues>(() => (option ? formOf(option) : emptyForm()));
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveDeliveryOption();
  useEffect(() => {
    if (!open) return;
    setValues(option ? formOf(option) : emptyForm());
    setErrors({});
  }, [open, option]);

  const set = <K extends keyof OptionFormValues>(key: K, value: OptionFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const toggleProvince = (province: string) =>
    set(
      'provinces',
      values.provinces.includes(province)
        ? values.provinces.filter((p) => p !== province)
        : [...values.provinces, province],
    );

  const submit = (event: Event | { preventDefault(): void }) => {
    event.preventDefault();
    const read = readForm(values);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: option?._id ?? null, input: read.input },
      {
        onSuccess: (saved) => {
          toast.success(option ? `${saved.name} saved` : `${saved.name} added`);
          onOpenChange(false);
        },
        onError: (error) => toast.error(failureMessage(error, 'Failed to save the delivery option')),
      },
    );
  };

  const place = values.kind !== 'door';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={option ? `Edit ${option.name}` : 'Add a delivery option'}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="delivery-option-form" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="delivery-option-form" noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Name"
          value={values.name}
          maxLength={80}
          error={errors.name}
          onInput={(e) => set('name', e.currentTarget.value)}
        />
        <SelectField
          label="Kind"
          options={KIND_OPTIONS}
          value={values.kind}
          onChange={(e) => set('kind', e.currentTarget.value as DeliveryKind)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Fee (K)"
            inputMode="decimal"
            value={values.fee}
            error={errors.fee}
            onInput={(e) => set('fee', e.currentTarget.value)}
          />
          <TextField
            label="Free above (K)"
            inputMode="decimal"
            value={values.freeAbove}
            hint="Empty: never free. Free only when the subtotal is above this."
            error={errors.freeAbove}
            onInput={(e) => set('freeAbove', e.currentTarget.value)}
          />
        </div>
        <TextField
          label="Estimated time"
          value={values.estimate}
          maxLength={80}
          placeholder="e.g. 2-4 days"
          error={errors.estimate}
          onInput={(e) => set('estimate', e.currentTarget.value)}
        />
        <fieldset>
          <legend className="mb-1.5 block text-sm font-semibold text-bark-900">Provinces (none ticked: all)</legend>
          <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
            {ZAMBIAN_PROVINCES.map((province) => (
              <label key={province} className="flex min-h-11 cursor-pointer items-center gap-2">
                <Checkbox checked={values.provinces.includes(province)} onChange={() => toggleProvince(province)} />
                {province}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField
          label="Towns (one a line; empty: every town of those provinces)"
          rows={3}
          value={values.towns}
          error={errors.towns}
          onInput={(e) => set('towns', e.currentTarget.value)}
        />
        {place && (
          <>
            <TextField
              label="Opening hours"
              value={values.openingHours}
              maxLength={300}
              placeholder="e.g. Mon-Sat 08:00-17:00"
              error={errors.openingHours}
              onInput={(e) => set('openingHours', e.currentTarget.value)}
            />
            <TextAreaField
              label="Directions"
              rows={3}
              value={values.directions}
              maxLength={1000}
              error={errors.directions}
              onInput={(e) => set('directions', e.currentTarget.value)}
            />
          </>
        )}
        {values.kind === 'pickup' && (
          <label className="flex min-h-11 cursor-pointer items-start gap-2">
            <Checkbox
              className="mt-0.5"
              checked={values.payOnCollection}
              onChange={(e) => set('payOnCollection', e.currentTarget.checked)}
            />
            <span>
              <span className="font-semibold">Pay on collection</span>
              <span className="block text-sm text-bark-700">
                The shopper may pay the keeper in cash or mobile money when collecting; the order is paid when it is
                marked collected.
              </span>
            </span>
          </label>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Place in the list"
            inputMode="numeric"
            value={values.position}
            hint="Among options of the same fee, lower comes first."
            error={errors.position}
            onInput={(e) => set('position', e.currentTarget.value)}
          />
          <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end font-semibold">
            <Checkbox checked={values.active} onChange={(e) => set('active', e.currentTarget.checked)} />
            On (offered at checkout)
          </label>
        </div>
      </form>
    </Dialog>
  );
}
