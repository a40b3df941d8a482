import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { isSessionError, useSessionExpiry } from '../../auth';

/** A 401 after sending a token (expired, or revoked by a password change) or a 403 (no longer an admin). */
function endsAdminSession(error: unknown): boolean {
  return isSessionError(error) || (error instanceof ApiError && error.status === 403);
}

/**
 * SPEC §8 in the back office: when any of its calls says the session is over, the admin is logged out
 * and sent to log in again, instead of every screen showing its load failure.
 */
export function useAdminSessionEnd() {
  const queryClient = useQueryClient();
  const expire = useSessionExpiry();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (endsAdminSession(error)) expire('/login');
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, expire]);
}
