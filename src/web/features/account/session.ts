import { useCallback, useEffect } from 'react';
import { useLocation } from '../../lib/router';
import { isSessionError, useSessionExpiry } from '../auth';
import { loginPathFor } from './login-gate';

/** SPEC §8 on the account screens: a session error logs the customer out and asks them to log in again. */
export function useSessionErrorHandler(): (error: unknown) => boolean {
  const expire = useSessionExpiry();
  const { pathname } = useLocation();
  return useCallback(
    (error: unknown) => {
      if (!isSessionError(error)) return false;
      expire(loginPathFor(pathname));
      return true;
    },
    [expire, pathname],
  );
}

/** The same for a query's failure, once per failure. */
export function useEndSessionOnError(error: unknown) {
  const handle = useSessionErrorHandler();
  useEffect(() => {
    if (error) handle(error);
  }, [error, handle]);
}
