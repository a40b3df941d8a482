import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  useContext,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '../../lib/toast';
import { setTokenSource } from '../../lib/api-client';
import { readStored, removeStored, writeStored } from '../../lib/storage';
import { failureMessage } from '../../lib/failure-message';
import { drawsServerView } from '../../lib/hydration';
import type { PhoneVerifyInput } from '../../../shared/schemas/phone-sign-in';
import type { User } from '../../../shared/schemas/users';
import {
  logIn,
  registerCustomer,
  saveProfile,
  signInWithCode,
  type Credentials,
  type ProfileChanges,
  type Registration,
} from './api';
import { SESSION_STORAGE_KEY, repairSession, type SessionUser } from './session';

export interface AuthFacility {
  user: SessionUser | null;
  /** True until the stored session has been read: only while a server-drawn page is being adopted. */
  loading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  login: (credentials: Credentials) => Promise<SessionUser>;
  register: (registration: Registration) => Promise<SessionUser>;
  /**
   * Signs in with a texted code, or opens an account (`opening`: the name the server asked for is given).
   * Failures are not toasted: the phone form shows them beside the code.
   */
  loginWithCode: (input: PhoneVerifyInput, options: { opening: boolean }) => Promise<SessionUser>;
  logout: (options?: { silent?: boolean }) => void;
  /** A profile the server answered (the sign-in number changed): it replaces the user, the token stays. */
  applyProfile: (profile: User) => SessionUser | null;
  updateProfile: (changes: ProfileChanges, options?: { successMessage?: string }) => Promise<SessionUser>;
}

const AuthContext = createContext<AuthFacility | null>(null);

/** Query keys that hold one person's data; dropped at logout so the next person on the phone never sees them. */
const PRIVATE_QUERY_ROOTS = new Set(['me', 'orders', 'admin', 'users']);

function loadSession(): SessionUser | null {
  const session = repairSession(readStored(SESSION_STORAGE_KEY));
  if (session) writeStored(SESSION_STORAGE_KEY, session);
  else removeStored(SESSION_STORAGE_KEY);
  return session;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A server-drawn page is adopted signed out, as the server drew it; the session is read right after.
  const [fromServer] = useState(drawsServerView);
  const [sessionRead, setSessionRead] = useState(!fromServer);
  const [user, setUser] = useState<SessionUser | null>(() => (fromServer ? null : loadSession()));
  const userRef = useRef(user);
  userRef.current = user;
  // Set during render, not in an effect: children's effects (their first queries) run before ours.
  setTokenSource(() => userRef.current?.token);

  useEffect(() => {
    if (sessionRead) return;
    const session = loadSession();
    userRef.current = session;
    // A transition, drawn in slices after the page is adopted, not in one long task on a slow phone.
    startTransition(() => {
      setUser(session);
      setSessionRead(true);
    });
  }, [sessionRead]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY) setUser(loadSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const start = useCallback((session: SessionUser) => {
    writeStored(SESSION_STORAGE_KEY, session);
    userRef.current = session;
    setUser(session);
  }, []);

  const login = useCallback(
    async (credentials: Credentials) => {
      try {
        const session = await logIn(credentials);
        start(session);
        toast.success('Login successful');
        return session;
      } catch (error) {
        toast.error(failureMessage(error, 'Invalid email or password'));
        throw error;
      }
    },
    [start],
  );

  const register = useCallback(
    async (registration: Registration) => {
      try {
        const session = await registerCustomer(registration);
        start(session);
        toast.success('Registration successful');
        return session;
      } catch (error) {
        toast.error(failureMessage(error, 'Failed to register'));
        throw error;
      }
    },
    [start],
  );

  const loginWithCode = useCallback(
    async (input: PhoneVerifyInput, { opening }: { opening: boolean }) => {
      const session = await signInWithCode(input);
      start(session);
      toast.success(opening ? 'Registration successful' : 'Login successful');
      return session;
    },
    [start],
  );

  const applyProfile = useCallback(
    (profile: User) => {
      const session = repairSession({ ...profile, token: userRef.current?.token });
      if (session) start(session);
      return session;
    },
    [start],
  );

  const logout = useCallback(
    ({ silent = false }: { silent?: boolean } = {}) => {
      removeStored(SESSION_STORAGE_KEY);
      userRef.current = null;
      setUser(null);
      queryClient.removeQueries({ predicate: (query) => PRIVATE_QUERY_ROOTS.has(String(query.queryKey[0])) });
      if (!silent) toast.success('Logged out successfully');
    },
    [queryClient],
  );

  const updateProfile = useCallback(
    async (changes: ProfileChanges, options: { successMessage?: string } = {}) => {
      const current = userRef.current;
      try {
        const profile = await saveProfile(changes);
        // SPEC §4: the profile answer replaces the user, the existing token is kept; except after a new
        // password, which revokes every earlier token: then this device continues with the fresh one.
        const token = changes.password && profile.token ? profile.token : current?.token;
        const session = repairSession({ ...profile, token });
        if (!session) throw new Error('Failed to update profile');
        start(session);
        toast.success(options.successMessage ?? 'Profile updated successfully');
        return session;
      } catch (error) {
        toast.error(failureMessage(error, 'Failed to update profile'));
        throw error;
      }
    },
    [start],
  );

  const value = useMemo<AuthFacility>(
    () => ({
      user,
      loading: !sessionRead,
      isAuthenticated: Boolean(user?.token),
      isAdmin: user?.isAdmin === true,
      login,
      register,
      loginWithCode,
      logout,
      applyProfile,
      updateProfile,
    }),
    [user, sessionRead, login, register, loginWithCode, logout, applyProfile, updateProfile],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthFacility {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
