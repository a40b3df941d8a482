import { z } from 'zod';
import { withNameRule } from '../../../shared/person-name';
import { passwordSchema } from '../../../shared/schemas/users';

const profileFields = {
  firstName: withNameRule(z.string().trim().max(60, 'First name is too long'), 'First name', 1),
  lastName: withNameRule(z.string().trim().max(60, 'Last name is too long'), 'Last name', 0),
  email: z.string().trim().pipe(z.email('Invalid email address')),
  phone: z.string().trim().max(20, 'Phone number is too long'),
};

/** The server's limits (updateProfileSchema); the texts are the checkout's, so one field reads alike everywhere. */
export const profileFormSchema = z.object(profileFields);
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** An account opened by phone may leave the e-mail empty; once it has one, it keeps one. */
export const profileWithoutEmailFormSchema = z.object({
  ...profileFields,
  email: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.email('Invalid email address')])),
});

const passwordFields = {
  currentPassword: z.string().min(1, 'Current password is required'),
  password: passwordSchema,
  confirmPassword: z.string(),
};
const matching = (form: { password: string; confirmPassword: string }) => form.password === form.confirmPassword;
const MISMATCH = { message: 'Passwords do not match', path: ['confirmPassword'] };

export const passwordFormSchema = z.object(passwordFields).refine(matching, MISMATCH);
export type PasswordForm = z.infer<typeof passwordFormSchema>;

/** An account that signs in by phone may have no password yet: then the current one is left empty. */
export const firstPasswordFormSchema = z
  .object({ ...passwordFields, currentPassword: z.string() })
  .refine(matching, MISMATCH);
