import { useState, type FormEvent } from 'react';
import { discountInputSchema, type Discount, type DiscountInput } from '../../../../shared/schemas/discounts';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { CATEGORIES, CATEGORY_LABELS, isCategory } from '../../../../shared/categories';
import { inputOf } from './api';
import { ProductPicker } from './product-picker';

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percent off the items' },
  { value: 'fixed', label: 'Fixed amount off (K)' },
  { value: 'freeDelivery', label: 'Free delivery' },
] as const;

/** The co-op's clock is Zambia's (UTC+2, no summer time): the form shows and reads times on it. */
const ZAMBIA = '+02:00';
const toLocalInput = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + 2 * 3_600_000).toISOString().slice(0, 16) : '';
const fromLocalInput = (local: string) => (local ? `${local}:00${ZAMBIA}` : null);

interface Draft {
  code: string;
  description: string;
  kind: DiscountInput['kind'];
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  categories: string[];
  productIds: string[];
  isActive: boolean;
}

function draftOf(d: Discount | null): Draft {
  const i = d ? inputOf(d) : null;
  return {
    code: i?.code ?? '',
    description: i?.description ?? '',
    kind: i?.kind ?? 'percent',
    value: i && i.kind !== 'freeDelivery' ? String(i.value) : '',
    minSubtotal: i?.minSubtotal ? String(i.minSubtotal) : '',
    startsAt: toLocalInput(i?.startsAt ?? null),
    endsAt: toLocalInput(i?.endsAt ?? null),
    maxUses: i?.maxUses ? String(i.maxUses) : '',
    maxUsesPerCustomer: i?.maxUsesPerCustomer ? String(i.maxUsesPerCustomer) : '',
    categories: i?.categories ?? [],
    productIds: i?.productIds ?? [],
    isActive: i?.isActive ?? true,
  };
}

const numberOrNull = (typed: string) => (typed.trim() === '' ? null : Number(typed));
function inputFrom(d: Draft): DiscountInput {
  return {
    code: d.code,
    description: d.description,
    kind: d.kind,
    value: d.kind === 'freeDelivery' ? 0 : (numberOrNull(d.value) ?? Number.NaN),
    minSubtotal: numberOrNull(d.minSubtotal) ?? 0,
    startsAt: fromLocalInput(d.startsAt),
    endsAt: fromLocalInput(d.endsAt),
    maxUses: numberOrNull(d.maxUses),
    maxUsesPerCustomer: numberOrNull(d.maxUsesPerCustomer),
    categories: d.categories,
    productIds: d.productIds,
    isActive: d.isActive,
  };
}

interface DiscountFormProps {
  open: boolean;
  /** The code edited; null to make a new one. */
  discount: Discount | null;
  saving: boolean;
  onClose: () => void;
  onSave: (input: DiscountInput) => void;
}

/** Make or edit a code: the shared schema checks it here with the server's words before it is sent. */
export function DiscountForm({ open, discount, saving, onClose, onSave }: DiscountFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(discount));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputFrom(draft);
    const parsed = discountInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'code')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    onSave(input);
  };

  const text = (key: keyof Draft) => ({
    value: draft[key] as string,
    onInput: (e: { currentTarget: HTMLInputElement }) => set(key, e.currentTarget.value as never),
    error: errors[key],
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !saving && onClose()}
      title={discount ? `Edit ${discount.code}` : 'New discount code'}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="discount-form" disabled={saving}>
            {saving ? 'Saving...' : 'Save code'}
          </Button>
        </>
      }
    >
      <form id="discount-form" noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Code" autoCapitalize="characters" autoComplete="off" maxLength={32} {...text('code')} />
        <TextField label="Note for the back office (optional)" maxLength={200} {...text('description')} />
        <SelectField
          label="Kind"
          options={KIND_OPTIONS}
          value={draft.kind}
          onChange={(e) => set('kind', e.currentTarget.value as Draft['kind'])}
        />
        {draft.kind !== 'freeDelivery' && (
          <TextField
            label={draft.kind === 'percent' ? 'Percent off (1-100)' : 'Amount off (K)'}
            inputMode="decimal"
            {...text('value')}
          />
        )}
        <TextField label="Minimum items total (K, optional)" inputMode="decimal" {...text('minSubtotal')} />
        <TextField label="Starts (Zambia time, optional)" type="datetime-local" {...text('startsAt')} />
        <TextField label="Ends (Zambia time, optional)" type="datetime-local" {...text('endsAt')} />
        <TextField label="Total uses (optional)" inputMode="numeric" {...text('maxUses')} />
        <TextField label="Uses per customer (optional)" inputMode="numeric" {...text('maxUsesPerCustomer')} />
        <fieldset className="sm:col-span-2">
          <legend className="font-semibold text-bark-900">Only these categories (optional)</legend>
          <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-3">
            {/* The shop's categories, and any other a code named before (kept unless unticked). */}
            {[...CATEGORIES, ...draft.categories.filter((c) => !isCategory(c))].map((category) => (
              <label key={category} className="flex min-h-11 items-center gap-3">
                <Checkbox
                  checked={draft.categories.includes(category)}
                  onChange={(e) =>
                    set(
                      'categories',
                      e.currentTarget.checked
                        ? [...draft.categories, category]
                        : draft.categories.filter((c) => c !== category),
                    )
                  }
                />
                {isCategory(category) ? CATEGORY_LABELS[category] : category}
              </label>
            ))}
          </div>
          {errors.categories && <p className="text-sm text-red-800">{errors.categories}</p>}
        </fieldset>
        <ProductPicker chosen={draft.productIds} onChange={(ids) => set('productIds', ids)} />
        {errors.productIds && <p className="text-sm text-red-800 sm:col-span-2">{errors.productIds}</p>}
        <label className="flex min-h-11 items-center gap-3 font-semibold text-bark-900">
          <Checkbox checked={draft.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />
          On (shoppers can use it)
        </label>
      </form>
    </Dialog>
  );
}
