import type { PhoneCodeRequest, PhoneCodeSent, PhoneVerifyInput } from '../../../shared/schemas/phone-sign-in';
import type { AuthUser, LoginInput, ProfileUpdate, RegisterInput, User } from '../../../shared/schemas/users';
import { apiRequest } from '../../lib/api-client';
import { MISSING_TOKEN_MESSAGE } from '../../lib/failure-message';
import { repairSession, type SessionUser } from './session';

export type Credentials = LoginInput;

/** The registration form always sends a name (the server would also take a first name alone). */
export type Registration = RegisterInput & { name: string };

/** SPEC §5: a login or registration answer without a token is an error, not a session. */
function sessionFrom(answer: unknown): SessionUser {
  const session = repairSession(answer);
  if (!session) throw new Error(MISSING_TOKEN_MESSAGE);
  return session;
}

export async function logIn(credentials: Credentials): Promise<SessionUser> {
  const answer = await apiRequest<AuthUser, LoginInput>('/users/login', {
    method: 'POST',
    body: credentials,
    keepServerMessageOn401: true,
  });
  return sessionFrom(answer);
}

export async function registerCustomer(registration: Registration): Promise<SessionUser> {
  const answer = await apiRequest<AuthUser, RegisterInput>('/users', {
    method: 'POST',
    body: registration,
    keepServerMessageOn401: true,
  });
  return sessionFrom(answer);
}

/** Texts a sign-in code; the answer is the same whether or not the number has an account. */
export function askSignInCode(phone: string): Promise<PhoneCodeSent> {
  return apiRequest<PhoneCodeSent, PhoneCodeRequest>('/users/phone/code', { method: 'POST', body: { phone } });
}

/** Signs in with the code, or opens an account with it and a name (a 400 with needsName asks for one). */
export async function signInWithCode(input: PhoneVerifyInput): Promise<SessionUser> {
  const answer = await apiRequest<AuthUser, PhoneVerifyInput>('/users/phone/verify', { method: 'POST', body: input });
  return sessionFrom(answer);
}

export type ProfileChanges = ProfileUpdate;

/** The answer carries a fresh token; it matters only after a password change, which revokes the old one. */
export function saveProfile(changes: ProfileChanges) {
  return apiRequest<User & { token?: string }, ProfileUpdate>('/users/profile', { method: 'PUT', body: changes });
}
