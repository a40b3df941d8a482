import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CATEGORIES, CATEGORY_LABELS } from '../../../../shared/categories';
import { MAX_RETURN_WINDOW_DAYS, type CourierPaidBy, type ReturnCategoryRule } from '../../../../shared/returns';
import { TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import type { SettingsFormInput } from './settings-fields';

const RULE_OPTIONS: { value: ReturnCategoryRule; label: string }[] = [
  { value: 'returnable', label: 'Can be returned' },
  { value: 'unopened-only', label: 'Only unopened (food)' },
  { value: 'never', label: 'Cannot be returned' },
];
const COURIER_OPTIONS: { value: CourierPaidBy; label: string }[] = [
  { value: 'shopper-unless-at-fault', label: 'The shopper, unless the shop was at fault' },
  { value: 'shop', label: 'The shop, always' },
];

/** The return window and each category's rule (decision 069): the server applies them whatever a client sends. */
export function ReturnSettingsFields({
  register,
  errors,
}: {
  register: UseFormRegister<SettingsFormInput>;
  errors: FieldErrors<SettingsFormInput>;
}) {
  return (
    <fieldset className="rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="float-left mb-1 w-full font-serif text-xl font-bold text-forest-900">Returns</legend>
      <p className="clear-left mb-4 text-sm text-bark-600">
        What shoppers may send back from their order page, the order link and USSD.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Days to ask for a return"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_RETURN_WINDOW_DAYS}
          hint="Counted from delivery or collection. 0 turns returns off."
          error={errors.returnWindowDays?.message}
          {...register('returnWindowDays', { valueAsNumber: true })}
        />
        <SelectField
          label="Who pays the courier back"
          options={COURIER_OPTIONS}
          error={errors.returnRules?.courierPaidBy?.message}
          {...register('returnRules.courierPaidBy')}
        />
        {CATEGORIES.map((category) => (
          <SelectField
            key={category}
            label={CATEGORY_LABELS[category]}
            options={RULE_OPTIONS}
            error={errors.returnRules?.categories?.[category]?.message}
            {...register(`returnRules.categories.${category}`)}
          />
        ))}
      </div>
    </fieldset>
  );
}
