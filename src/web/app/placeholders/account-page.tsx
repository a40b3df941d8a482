import { Navigate } from 'react-router';
import { useAuth } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder until the account work lands: shows who is logged in. */
export function AccountPage() {
  useDocumentTitle('My Account');
  const { user } = useAuth();
  if (!user) return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto max-w-xl px-4 py-20">
      <h1 className="mb-6 text-3xl font-bold">My Account</h1>
      <dl className="space-y-2 rounded-2xl border border-sand-200 bg-white p-6">
        <div>
          <dt className="text-sm text-bark-600">Name</dt>
          <dd className="font-semibold">{user.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-bark-600">Email</dt>
          <dd className="font-semibold">{user.email}</dd>
        </div>
      </dl>
    </div>
  );
}
