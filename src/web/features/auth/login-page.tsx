import Smartphone from 'lucide-react/icons/smartphone';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from '../../lib/router';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from './auth-context';
import { AuthCard } from './auth-card';
import { PhoneSignInForm } from './phone-sign-in-form';
import { destinationAfterLogin, withRedirect } from './redirect';
import type { SessionUser } from './session';

export function LoginPage() {
  useDocumentTitle('Login');
  const { user, login } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [justLoggedIn, setJustLoggedIn] = useState(false);
  // ?with=phone: the phone form (the register page links to it); the redirect goes along either way.
  const byPhone = searchParams.get('with') === 'phone';

  if (user && !justLoggedIn) return <Navigate to={destinationAfterLogin(user, searchParams)} replace />;

  const signedIn = (session: SessionUser) => {
    setJustLoggedIn(true);
    navigate(destinationAfterLogin(session, searchParams), { replace: true });
  };
  const switchTo = (phone: boolean) =>
    navigate(withRedirect('/login', searchParams, phone ? { with: 'phone' } : {}), { replace: true });

  if (byPhone) {
    return (
      <AuthCard title="Welcome Back" subtitle="Log in or create an account with your mobile number">
        <PhoneSignInForm onSignedIn={signedIn} />
        <p className="mt-6 text-center text-bark-700">
          Have an e-mail and password?{' '}
          <button
            type="button"
            onClick={() => switchTo(false)}
            className="font-semibold text-forest-800 underline underline-offset-4"
          >
            Log in with e-mail
          </button>
        </p>
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      signedIn(await login({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') }));
    } catch (error) {
      // SPEC §4: the login page only logs; the auth facility has already told the shopper.
      console.error('Login failed', error);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Welcome Back" subtitle="Log in to your account to continue">
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
        />
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
      <div className="my-5 flex items-center gap-3 text-sm text-bark-600" aria-hidden="true">
        <span className="h-px flex-1 bg-sand-200" />
        or
        <span className="h-px flex-1 bg-sand-200" />
      </div>
      <Button variant="outline" className="w-full" onClick={() => switchTo(true)}>
        <Smartphone size={20} aria-hidden="true" />
        Use my phone number
      </Button>
      <p className="mt-6 text-center text-bark-700">
        New here?{' '}
        <Link
          to={withRedirect('/register', searchParams)}
          className="font-semibold text-forest-800 underline underline-offset-4"
        >
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
