export { AuthProvider, useAuth, type AuthFacility } from './auth-context';
export type { SessionUser } from './session';
