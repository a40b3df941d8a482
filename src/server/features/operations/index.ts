/** Operations' public entry (docs/decisions/010-module-boundaries.md): the coop-shop command (decision 058). */
export { runCommand, USAGE } from './command';
export { SERVICE_RUNTIME } from './install';
