import { ApiError } from './api-client';

/** SPEC §5: a login or registration answer without a token is an error, not a session. */
export const MISSING_TOKEN_MESSAGE = 'Invalid response from server. Missing token.';

/** The server's message when it gave one, else the action's own fallback (SPEC §8). */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'http' && error.message) return error.message;
  if (error instanceof Error && error.message === MISSING_TOKEN_MESSAGE) return error.message;
  return fallback;
}
