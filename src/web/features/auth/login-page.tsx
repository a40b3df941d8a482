import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from './auth-context';
import { AuthCard } from './auth-card';
import { destinationAfterLogin, withRedirect } from './redirect';

export function LoginPage() {
  useDocumentTitle('Login');
  const { user, login } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [justLoggedIn, setJustLoggedIn] = useState(false);

  if (user && !justLoggedIn) return <Navigate to={destinationAfterLogin(user, searchParams)} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const session = await login({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
      setJustLoggedIn(true);
      navigate(destinationAfterLogin(session, searchParams), { replace: true });
    } catch (error) {
      // SPEC §4: the login page only logs; the auth facility has already told the shopper.
      console.error('Login failed', error);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Welcome Back" subtitle="Log in to your account to continue">
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField label="Email" name="email" type="email" autoComplete="email" required placeholder="you@example.com" />
        <div>
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
          <p className="mt-2 text-right">
            <span className="text-sm font-semibold text-forest-800">Forgot Password?</span>
          </p>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      <p className="mt-6 text-center text-bark-700">
        New here?{' '}
        <Link to={withRedirect('/register', searchParams)} className="font-semibold text-forest-800 underline underline-offset-4">
          Create an account
        </Link>
      </p>
      <p className="mt-4 text-center text-xs text-bark-600">
        By logging in you agree to our <span className="font-semibold">Terms of Service</span> and{' '}
        <span className="font-semibold">Privacy Policy</span>.
      </p>
    </AuthCard>
  );
}
