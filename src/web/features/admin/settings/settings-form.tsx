import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import type { ShopSettings } from '../../../lib/shop-settings';
import { toast } from '../../../lib/toast';
import { useSaveSettings } from './api';
import { PayPreview } from './pay-preview';
import { ReturnSettingsFields } from './return-settings-fields';
import {
  CHECKED_NUMBERS,
  SETTINGS_GROUPS,
  settingsResolver,
  type SettingsField,
  type SettingsFormInput,
} from './settings-fields';

export function SettingsForm({ settings }: { settings: ShopSettings }) {
  const save = useSaveSettings();
  const {
    register,
    handleSubmit,
    reset,
    trigger,
    control,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<SettingsFormInput, unknown, ShopSettings>({
    resolver: settingsResolver,
    defaultValues: settings,
    mode: 'onTouched',
  });

  useEffect(() => {
    void trigger(CHECKED_NUMBERS);
  }, [trigger]);

  const onSubmit = handleSubmit(async (values) => {
    const changed = (Object.keys(values) as SettingsField[]).filter((name) => dirtyFields[name]);
    const saved = await save
      .mutateAsync(Object.fromEntries(changed.map((name) => [name, values[name]])))
      .catch(() => null);
    if (!saved) return; // the query client has shown the server's message; the form keeps what was typed
    reset(saved);
    toast.success('Settings saved successfully');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {SETTINGS_GROUPS.map((group) => (
        <fieldset key={group.title} className="rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6">
          <legend className="float-left mb-1 w-full font-serif text-xl font-bold text-forest-900">{group.title}</legend>
          <p className="clear-left mb-4 text-sm text-bark-600">{group.description}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {group.fields.map((field) =>
              field.multiline ? (
                <TextAreaField
                  key={field.name}
                  label={field.label}
                  rows={3}
                  autoComplete={field.autoComplete}
                  className="sm:col-span-2"
                  error={errors[field.name]?.message}
                  {...register(field.name)}
                />
              ) : (
                <TextField
                  key={field.name}
                  label={field.label}
                  type={field.type ?? 'text'}
                  inputMode={field.type === 'tel' ? 'tel' : field.type === 'number' ? 'numeric' : undefined}
                  min={field.type === 'number' ? 0 : undefined}
                  autoComplete={field.autoComplete ?? 'off'}
                  hint={field.hint}
                  className={field.type === 'url' ? 'sm:col-span-2' : undefined}
                  error={errors[field.name]?.message}
                  {...register(field.name, field.type === 'number' ? { valueAsNumber: true } : undefined)}
                />
              ),
            )}
          </div>
          {group.previewsHowToPay && <PayPreview control={control} />}
        </fieldset>
      ))}
      <ReturnSettingsFields register={register} errors={errors} />
      {/* Kept in reach at the bottom of the screen: the payment numbers sit in the middle of a long form. */}
      <div className="sticky bottom-0 -mx-4 flex flex-wrap justify-end gap-3 border-t border-sand-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(43,35,28,0.08)] sm:mx-0 sm:rounded-2xl sm:border">
        <Button variant="outline" disabled={!isDirty || save.isPending} onClick={() => reset(settings)}>
          Discard
        </Button>
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
