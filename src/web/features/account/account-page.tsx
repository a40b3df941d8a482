import { useQuery } from '@tanstack/react-query';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Package from 'lucide-react/icons/package';
import { Link } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth';
import { profileQuery } from './api';
import { useAccountGate } from './login-gate';
import { MyEarnings } from './my-earnings';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SignInNumber } from './sign-in-number';
import { useEndSessionOnError, useSessionErrorHandler } from './session';

export function AccountPage() {
  useDocumentTitle('My Account');
  const isCustomer = useAccountGate('You must be logged in to view your account');
  return isCustomer ? <AccountScreen /> : null;
}

function AccountScreen() {
  const { user } = useAuth();
  const { data: profile, error } = useQuery(profileQuery);
  useEndSessionOnError(error);
  const onSessionError = useSessionErrorHandler();
  const firstName = profile?.firstName || user?.firstName || user?.name;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">My Account</h1>
      <p className="mt-2 mb-6 text-bark-700">Hello {firstName}, keep your details up to date for a quick checkout.</p>
      <Link
        to="/account/orders"
        className="mb-8 flex min-h-16 items-center gap-4 rounded-2xl border-2 border-forest-200 bg-forest-50 p-4 hover:border-forest-600 sm:p-5"
      >
        <Package size={28} aria-hidden="true" className="shrink-0 text-forest-700" />
        <span className="min-w-0 flex-1">
          <span className="block text-lg font-bold text-forest-900">My Orders</span>
          <span className="block text-sm text-bark-700">Follow your orders and enter mobile money transaction IDs</span>
        </span>
        <ChevronRight size={24} aria-hidden="true" className="shrink-0 text-forest-700" />
      </Link>
      <MyEarnings hasNumber={Boolean(profile?.mobile)} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileForm profile={profile} onSessionError={onSessionError} />
        <div className="grid gap-6">
          <SignInNumber profile={profile} onSessionError={onSessionError} />
          <PasswordForm profile={profile} onSessionError={onSessionError} />
        </div>
      </div>
    </div>
  );
}
