import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSettingsForEditing } from './api';
import { SettingsForm } from './settings-form';

export function SettingsPage() {
  useDocumentTitle('Shop Settings');
  const { data: settings, isError, refetch, isRefetching, isFetchedAfterMount } = useSettingsForEditing();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold">Shop Settings</h1>
      <p className="mt-1 mb-6 text-bark-700">
        The shop's name, contact details and the mobile money numbers customers pay to.
      </p>
      {settings && isFetchedAfterMount ? (
        <SettingsForm settings={settings} />
      ) : isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="mb-4 font-semibold text-red-900">Failed to load settings. Please try again.</p>
          <Button onClick={() => refetch()} disabled={isRefetching}>
            Try again
          </Button>
        </div>
      ) : (
        <Spinner label="Loading settings" />
      )}
    </div>
  );
}
