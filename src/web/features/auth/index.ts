export { AuthProvider, useAuth, type AuthFacility } from './auth-context';
export type { SessionUser } from './session';
export { isSessionError, useSessionExpiry } from './session-expiry';
