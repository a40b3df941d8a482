import { useCallback } from 'react';
import { useNavigate } from '../../lib/router';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { useAuth } from './auth-context';

/** SPEC §8: these messages mean the session is gone, whatever call answered them. */
export function isSessionError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    /Authentication failed|Not authorized|token failed|token is missing/i.test(error.message)
  );
}

/** SPEC §8: a session error on an order call ends the session here and asks the customer to log in again. */
export function useSessionExpiry() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    (loginPath: string) => {
      toast.error('Your session has expired. Please log in again.');
      logout({ silent: true });
      navigate(loginPath, { replace: true });
    },
    [logout, navigate],
  );
}
