import { useDocumentTitle } from '../../../lib/use-document-title';

/** Placeholder: replaced by the work that builds this screen. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <div className="px-4 py-10">
      <h1 className="text-3xl font-bold">Dashboard</h1>
    </div>
  );
}
