import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder: replaced by the work that builds this screen. */
export function AccountPage() {
  useDocumentTitle('My Account');
  return (
    <div className="px-4 py-10">
      <h1 className="text-3xl font-bold">My Account</h1>
    </div>
  );
}
