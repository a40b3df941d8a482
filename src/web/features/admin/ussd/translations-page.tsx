import { useEffect, useMemo, useState } from 'react';
import { TEXT_KEYS, textsIn, USSD_TEXTS, type TextKey, type TranslatedLanguage } from '../../../../shared/ussd-texts';
import { USSD_TEXT_MAX } from '../../../../shared/schemas/ussd';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useShopSettings } from '../../../lib/shop-settings';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSaveUssdTranslations, useUssdTranslations } from './api';
import { previewScreens, ScreenPreview, screensWithText } from './screen-preview';

/**
 * The USSD menu's texts (issue 31): English as shipped, and a translation into Chitonga, Chinyanja or
 * Ichibemba per text, with the screens drawn live at 160 characters as a caller's phone shows them.
 */
export function UssdTranslationsPage() {
  useDocumentTitle('USSD menu texts');
  const { data, isError, refetch, isRefetching } = useUssdTranslations();
  const { data: settings } = useShopSettings();
  const [language, setLanguage] = useState<TranslatedLanguage>('toi');
  const [draft, setDraft] = useState<Partial<Record<TextKey, string>>>({});
  /** The text being typed: on a phone its screens are drawn under it, as the side preview is far below. */
  const [typing, setTyping] = useState<TextKey | null>(null);
  const save = useSaveUssdTranslations(language);

  useEffect(() => {
    if (data) setDraft({ ...(data.translations[language] ?? {}) });
  }, [data, language]);

  const say = useMemo(() => textsIn(language, { [language]: draft }), [language, draft]);
  const shopName = settings?.shopName ?? 'the shop';
  const screens = previewScreens(say, shopName);
  const languages = (data?.languages ?? []).filter((l) => l.code !== 'en');

  async function onSave(event: React.FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ texts: draft });
      toast.success('Translations saved');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The translations could not be saved');
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold">USSD menu texts</h1>
      <p className="mt-1 mb-6 text-bark-700">
        What callers read when they dial the shop's USSD code. English is used where a text has no translation. Keep the
        values in braces, such as {'{total}'}, as they are.
      </p>
      {isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="mb-4 font-semibold text-red-900">Failed to load the texts. Please try again.</p>
          <Button onClick={() => refetch()} disabled={isRefetching}>
            Try again
          </Button>
        </div>
      ) : !data ? (
        <Spinner label="Loading the texts" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <form onSubmit={onSave} className="min-w-0">
            <SelectField
              label="Translate into"
              value={language}
              onChange={(e) => setLanguage(e.currentTarget.value as TranslatedLanguage)}
              options={languages.map((l) => ({ value: l.code, label: l.name }))}
              className="mb-4 max-w-xs"
            />
            <ul className="space-y-3">
              {TEXT_KEYS.map((key) => (
                <li key={key}>
                  <label className="block text-sm">
                    <span className="block text-bark-600">{USSD_TEXTS[key]}</span>
                    <textarea
                      className="mt-1 w-full rounded-lg border border-bark-300 p-2 text-base"
                      rows={1}
                      maxLength={USSD_TEXT_MAX}
                      value={draft[key] ?? ''}
                      placeholder="(English)"
                      onFocus={() => setTyping(key)}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setDraft((d) => ({ ...d, [key]: value }));
                      }}
                    />
                  </label>
                  {typing === key && (
                    <div role="group" aria-label="Preview of this text" className="mt-2 space-y-2 lg:hidden">
                      {screensWithText(say, shopName, key).map((screen) => (
                        <ScreenPreview key={screen.name} {...screen} />
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <div className="sticky bottom-0 mt-4 border-t border-sand-200 bg-white py-3">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save translations'}
              </Button>
            </div>
          </form>
          <section aria-label="Preview" className="space-y-3 lg:sticky lg:top-4 lg:self-start">
            <h2 className="text-lg font-semibold">Preview</h2>
            {screens.map((screen) => (
              <ScreenPreview key={screen.name} {...screen} />
            ))}
          </section>
        </div>
      )}
    </div>
  );
}
