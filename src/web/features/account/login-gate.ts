import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth';

/** Where a visitor logs in to come back here (the login page honours the redirects it knows). */
export function loginPathFor(pathname: string): string {
  return `/login?redirect=${encodeURIComponent(pathname.replace(/^\//, ''))}`;
}

/**
 * SPEC §6: the account screens are for customers; a visitor is told why and sent to log in. Someone
 * who logs out (or whose session expires) here just goes to the login page without that message.
 */
export function useAccountGate(visitorMessage: string): boolean {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const arrivedAsVisitor = useRef(!isAuthenticated);

  useEffect(() => {
    if (isAuthenticated) return;
    if (arrivedAsVisitor.current) toast.error(visitorMessage);
    navigate(loginPathFor(pathname), { replace: true });
  }, [isAuthenticated, navigate, pathname, visitorMessage]);

  return isAuthenticated;
}
