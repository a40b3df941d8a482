import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth';

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
