import { Link, Navigate } from 'react-router';
import { useAuth } from '../../features/auth';

/** Placeholder for the back office (its own layout and chunks); only admins get past the gate. */
export function AdminApp() {
  const { user, isAdmin } = useAuth();
  if (!user) return <Navigate to="/login" replace />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="mb-3 text-3xl font-bold">Dashboard</h1>
      <p className="mb-8 text-bark-700">Welcome back, Admin</p>
      <Link to="/" className="font-semibold text-forest-800 underline underline-offset-4">
        Website
      </Link>
    </main>
  );
}
