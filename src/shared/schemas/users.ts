import { z } from 'zod';
import { withNameRule } from '../person-name';
import { emailSchema, keywordQuery, limitQuery, pageQuery, text } from './common';

export const PASSWORD_MIN = 8;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, 'Password is too long');

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
/** The body of POST /users/login as a client sends it (z.input: before trimming and lower-casing). */
export type LoginInput = z.input<typeof loginSchema>;

/** isAdmin or any other field in the body is ignored: registration never makes an admin. */
export const registerSchema = z
  .object({
    name: withNameRule(text(120, 'name'), 'Name', 0).optional(),
    firstName: withNameRule(text(60, 'firstName'), 'First name', 0).optional(),
    lastName: withNameRule(text(60, 'lastName'), 'Last name', 0).optional(),
    email: emailSchema,
    password: passwordSchema,
    phone: text(20, 'phone').optional(),
  })
  .refine((u) => Boolean(u.name || u.firstName), { message: 'Name is required', path: ['name'] });
export type RegisterInput = z.input<typeof registerSchema>;

/** isAdmin or any other field in the body is ignored: nobody makes themselves an admin. */
export const updateProfileSchema = z.object({
  name: withNameRule(text(120, 'name').min(1, 'Name cannot be empty'), 'Name', 0).optional(),
  firstName: withNameRule(text(60, 'firstName'), 'First name', 0).optional(),
  lastName: withNameRule(text(60, 'lastName'), 'Last name', 0).optional(),
  email: emailSchema.optional(),
  phone: text(20, 'phone').optional(),
  password: passwordSchema.optional(),
  /** Required, and checked, when password is given. */
  currentPassword: z.string().max(200).optional(),
});
export type ProfileUpdate = z.input<typeof updateProfileSchema>;

export const adminUpdateUserSchema = z.object({
  name: text(120, 'name').min(1, 'Name cannot be empty').optional(),
  email: emailSchema.optional(),
  isAdmin: z.boolean().optional(),
});
export type AdminUserUpdate = z.input<typeof adminUpdateUserSchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** '' for an account opened with a phone number alone. */
  email: z.string(),
  phone: z.string(),
  /** The sign-in number (+260...), confirmed by a code; '' when none. */
  mobile: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authUserSchema = userSchema.extend({ token: z.string() });
export type AuthUser = z.infer<typeof authUserSchema>;

export const userListQuerySchema = z.object({ keyword: keywordQuery, page: pageQuery, limit: limitQuery(20) });
export const userListSchema = z.object({
  users: z.array(userSchema),
  page: z.number().int(),
  pages: z.number().int(),
  totalUsers: z.number().int(),
});

export const userStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalCustomers: z.number().int(),
  totalAdmins: z.number().int(),
  newThisMonth: z.number().int(),
});
