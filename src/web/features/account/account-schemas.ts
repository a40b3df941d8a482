import { z } from 'zod';
import { passwordSchema } from '../../../shared/schemas/users';

/** The server's limits (updateProfileSchema); the texts are the checkout's, so one field reads alike everywhere. */
export const profileFormSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(60, 'First name is too long'),
  lastName: z.string().trim().max(60, 'Last name is too long'),
  email: z.string().trim().pipe(z.email('Invalid email address')),
  phone: z.string().trim().max(20, 'Phone number is too long'),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

export const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type PasswordForm = z.infer<typeof passwordFormSchema>;
