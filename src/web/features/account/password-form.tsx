import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../auth';
import { failureMessage } from '../../lib/failure-message';
import { passwordFormSchema, type PasswordForm as PasswordValues } from './account-schemas';

const EMPTY: PasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

export function PasswordForm({ onSessionError }: { onSessionError: (error: unknown) => boolean }) {
  const { updateProfile } = useAuth();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ resolver: zodResolver(passwordFormSchema), mode: 'onTouched', defaultValues: EMPTY });

  const submit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      // The change revokes every session of the account; the answer's fresh token keeps this device logged in.
      await updateProfile({ currentPassword, password }, { successMessage: 'Password changed successfully' });
    } catch (error) {
      if (onSessionError(error)) return;
      const message = failureMessage(error, 'Failed to update profile');
      if (error instanceof ApiError && /current password/i.test(message)) setError('currentPassword', { message }, { shouldFocus: true });
      return;
    }
    reset(EMPTY);
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-title" className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id="password-title" className="mb-1 text-xl font-bold">
        Change Password
      </h2>
      <p className="mb-4 text-sm text-bark-700">You stay logged in here; other phones and computers will need the new password.</p>
      <div className="grid gap-4">
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
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
        {isSubmitting ? 'Saving...' : 'Change Password'}
      </Button>
    </form>
  );
}
