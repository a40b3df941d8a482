import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from '../../lib/router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { nameProblem } from '../../../shared/person-name';
import { useAuth } from './auth-context';
import { AuthCard } from './auth-card';
import { destinationAfterLogin, withRedirect } from './redirect';

interface RegisterForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

// Typed against the server's rule without importing it (that module brings all of zod along):
// if the server's minimum changes, this line stops compiling.
const PASSWORD_MIN: typeof import('../../../shared/schemas/users').PASSWORD_MIN = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function RegisterPage() {
  useDocumentTitle('Create an Account');
  const { user, register: registerCustomer } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [justRegistered, setJustRegistered] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({ mode: 'onTouched' });

  if (user && !justRegistered) return <Navigate to={destinationAfterLogin(user, searchParams)} replace />;

  const onSubmit = handleSubmit(async ({ firstName, lastName, email, password }) => {
    try {
      const session = await registerCustomer({
        name: `${firstName.trim()} ${lastName.trim()}`.trim(),
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: email.trim(),
        password,
      });
      setJustRegistered(true);
      navigate(destinationAfterLogin(session, searchParams), { replace: true });
    } catch (error) {
      console.error('Registration failed', error);
    }
  });

  return (
    <AuthCard title="Create an Account" subtitle="Join us to order from the cooperative">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First Name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName', { validate: (v) => nameProblem(v, 'First name', 2) ?? true })}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName', { validate: (v) => nameProblem(v, 'Last name', 2) ?? true })}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email', { validate: (v) => EMAIL_PATTERN.test(v.trim()) || 'Invalid email address' })}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters`}
          error={errors.password?.message}
          {...register('password', {
            minLength: { value: PASSWORD_MIN, message: `Password must be at least ${PASSWORD_MIN} characters` },
            required: `Password must be at least ${PASSWORD_MIN} characters`,
          })}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword', { validate: (v, all) => v === all.password || 'Passwords do not match' })}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-bark-700">
        <Link
          to={withRedirect('/login', searchParams, { with: 'phone' })}
          className="font-semibold text-forest-800 underline underline-offset-4"
        >
          No e-mail? Use your phone number
        </Link>
      </p>
      <p className="mt-4 text-center text-bark-700">
        Already have an account?{' '}
        <Link
          to={withRedirect('/login', searchParams)}
          className="font-semibold text-forest-800 underline underline-offset-4"
        >
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
