import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN, type User } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../auth';
import { failureMessage } from '../../lib/failure-message';
import { firstPasswordFormSchema, passwordFormSchema, type PasswordForm as PasswordValues } from './account-schemas';

const EMPTY: PasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

interface Props {
  /** The server's copy once loaded; until then the stored session. */
  profile: Pick<User, 'email' | 'mobile'> | undefined;
  onSessionError: (error: unknown) => boolean;
}

export function PasswordForm({ profile, onSessionError }: Props) {
  const { user, updateProfile } = useAuth();
  const account = profile ?? user;
  // Signs in by phone: it may have no password yet, and then sets its first one without a current one.
  const mayHaveNone = Boolean(account?.mobile);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver: zodResolver(mayHaveNone ? firstPasswordFormSchema : passwordFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  if (account && !account.email) {
    return (
      <section aria-labelledby="password-title" className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
        <h2 id="password-title" className="mb-1 text-xl font-bold">
          Set a Password
        </h2>
        <p className="text-bark-700">
          You log in with your phone number. Add an e-mail to your profile to also log in with an e-mail and a password.
        </p>
      </section>
    );
  }

  const submit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      // The change revokes every session of the account; the answer's fresh token keeps this device logged in.
      await updateProfile(currentPassword ? { currentPassword, password } : { password }, {
        successMessage: 'Password changed successfully',
      });
    } catch (error) {
      if (onSessionError(error)) return;
      const message = failureMessage(error, 'Failed to update profile');
      if (error instanceof ApiError && /current password/i.test(message))
        setError('currentPassword', { message }, { shouldFocus: true });
      return;
    }
    reset(EMPTY);
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="password-title"
      className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6"
    >
      <h2 id="password-title" className="mb-1 text-xl font-bold">
        {mayHaveNone ? 'Set or Change Password' : 'Change Password'}
      </h2>
      <p className="mb-4 text-sm text-bark-700">
        You stay logged in here; other phones and computers will need the new password.
      </p>
      <div className="grid gap-4">
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          hint={mayHaveNone ? 'Leave empty if you have no password yet' : undefined}
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters`}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      <Button type="submit" className="mt-6 w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : mayHaveNone ? 'Save Password' : 'Change Password'}
      </Button>
    </form>
  );
}
