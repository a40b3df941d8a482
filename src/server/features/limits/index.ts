/** The shared limits' public entry (docs/decisions/010-module-boundaries.md): routes count in the shared rate-limit store; phone sign-in takes a limited use. */
export { sharedRateLimitStore, takeLimitedUse } from './shared-limits';
