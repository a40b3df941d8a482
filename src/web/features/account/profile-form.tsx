import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useAuth } from '../auth';
import { profileQuery } from './api';
import { profileFormSchema, profileWithoutEmailFormSchema, type ProfileForm as ProfileValues } from './account-schemas';

const valuesOf = (profile: Pick<User, 'firstName' | 'lastName' | 'email' | 'phone'>): ProfileValues => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  phone: profile.phone,
});

interface Props {
  /** The server's copy once loaded; until then the stored session fills the form. */
  profile: User | undefined;
  onSessionError: (error: unknown) => boolean;
}

export function ProfileForm({ profile, onSessionError }: Props) {
  const { user, updateProfile } = useAuth();
  const queryClient = useQueryClient();
  // Opened with a phone number: the e-mail may stay empty until the customer adds one.
  const hasEmail = Boolean((profile ?? user)?.email);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(hasEmail ? profileFormSchema : profileWithoutEmailFormSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(profile ?? user ?? { firstName: '', lastName: '', email: '', phone: '' }),
  });

  // Changed on another device since this one logged in: show the server's copy unless the customer is typing.
  useEffect(() => {
    if (profile && !isDirty) reset(valuesOf(profile));
  }, [profile, isDirty, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      // The auth facility shows 'Profile updated successfully' or the server's message, and keeps the token.
      const { email, ...rest } = values;
      const { token: _token, ...saved } = await updateProfile(email ? values : rest);
      queryClient.setQueryData(profileQuery.queryKey, saved);
      reset(valuesOf(saved));
    } catch (error) {
      onSessionError(error);
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="profile-title"
      className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6"
    >
      <h2 id="profile-title" className="mb-4 text-xl font-bold">
        Profile
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label={hasEmail ? 'Email' : 'Email (optional)'}
          type="email"
          autoComplete="email"
          className="sm:col-span-2"
          hint={hasEmail ? undefined : 'Add one to get order e-mails and to log in with a password too'}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          className="sm:col-span-2"
          hint="Used to prefill your checkout"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <Button type="submit" className="mt-6 w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
