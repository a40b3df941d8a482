import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CATEGORIES, CATEGORY_LABELS } from '../../../../shared/categories';
import { REQUIRED_FIELDS_MESSAGE } from '../../../../shared/schemas/products';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useShopSettings } from '../../../lib/shop-settings';
import type { LockedField } from './locked-fields';
import { FIELD_LABELS, type ProductField, type ProductFormValues } from './product-form';

const CATEGORY_OPTIONS = [
  { value: '', label: 'Select a category' },
  ...CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
];

/** A field another tab decides (a product with sizes, a gift set): its value and why it cannot be typed here. */
export interface LockedValue {
  value: string;
  why: string;
}

interface FieldsProps {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  locked?: Partial<Record<LockedField, LockedValue>>;
}

/** Shown, read-only, in place of the form's own input (whose value the save does not send). */
function LockedInput({ label, locked, error }: { label: string; locked: LockedValue; error?: string }) {
  return <TextField label={label} readOnly value={locked.value} hint={locked.why} error={error} />;
}

/** The form's alert says 'Please fill in all required fields' once; each empty field is marked on its own. */
function errorOf(errors: FieldErrors<ProductFormValues>, name: ProductField): string | undefined {
  const message = errors[name]?.message;
  return message === REQUIRED_FIELDS_MESSAGE ? 'This field is required' : message;
}

export function BasicInfoFields({ register, errors, locked = {} }: FieldsProps) {
  const shopLevel = useShopSettings().data?.lowStockThreshold;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-bark-700 sm:col-span-2">Name, price, stock and category are required.</p>
      <TextField
        label={FIELD_LABELS.name}
        aria-required="true"
        autoComplete="off"
        className="sm:col-span-2"
        error={errorOf(errors, 'name')}
        {...register('name')}
      />
      {locked.price ? (
        <LockedInput label={FIELD_LABELS.price} locked={locked.price} error={errorOf(errors, 'price')} />
      ) : (
        <TextField
          label={FIELD_LABELS.price}
          aria-required="true"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          error={errorOf(errors, 'price')}
          {...register('price')}
        />
      )}
      {locked.countInStock ? (
        <LockedInput
          label={FIELD_LABELS.countInStock}
          locked={locked.countInStock}
          error={errorOf(errors, 'countInStock')}
        />
      ) : (
        <TextField
          label={FIELD_LABELS.countInStock}
          aria-required="true"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errorOf(errors, 'countInStock')}
          {...register('countInStock')}
        />
      )}
      <TextField
        label={FIELD_LABELS.lowStockThreshold}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint={`Left empty, the shop's level${shopLevel === undefined ? '' : ` (${shopLevel})`} is used. The shop is e-mailed when stock falls to it.`}
        error={errorOf(errors, 'lowStockThreshold')}
        {...register('lowStockThreshold')}
      />
      <SelectField
        label={FIELD_LABELS.category}
        aria-required="true"
        options={CATEGORY_OPTIONS}
        error={errorOf(errors, 'category')}
        {...register('category')}
      />
      {locked.sku ? (
        <LockedInput label={FIELD_LABELS.sku} locked={locked.sku} error={errorOf(errors, 'sku')} />
      ) : (
        <TextField
          label={FIELD_LABELS.sku}
          autoComplete="off"
          hint="Left empty, one is made for a new product."
          error={errorOf(errors, 'sku')}
          {...register('sku')}
        />
      )}
      <TextField
        label={FIELD_LABELS.brand}
        autoComplete="off"
        error={errorOf(errors, 'brand')}
        {...register('brand')}
      />
      <label className="flex min-h-11 items-center gap-3 self-end font-semibold text-bark-900">
        <Checkbox {...register('isFeatured')} />
        {FIELD_LABELS.isFeatured}
      </label>
      <TextAreaField
        label={FIELD_LABELS.description}
        rows={4}
        className="sm:col-span-2"
        error={errorOf(errors, 'description')}
        {...register('description')}
      />
    </div>
  );
}

export function DetailsFields({ register, errors, locked = {} }: FieldsProps) {
  return (
    <div className="grid gap-4">
      <TextAreaField
        label={FIELD_LABELS.ingredients}
        rows={3}
        error={errorOf(errors, 'ingredients')}
        {...register('ingredients')}
      />
      <TextAreaField
        label={FIELD_LABELS.benefits}
        rows={3}
        error={errorOf(errors, 'benefits')}
        {...register('benefits')}
      />
      {locked.size ? (
        <LockedInput label={FIELD_LABELS.size} locked={locked.size} error={errorOf(errors, 'size')} />
      ) : (
        <TextField
          label={FIELD_LABELS.size}
          autoComplete="off"
          hint="For example 100 ml or 250 g."
          error={errorOf(errors, 'size')}
          {...register('size')}
        />
      )}
      <TextAreaField
        label={FIELD_LABELS.howToUse}
        rows={3}
        error={errorOf(errors, 'howToUse')}
        {...register('howToUse')}
      />
    </div>
  );
}
