/** USSD's public entry (docs/decisions/010-module-boundaries.md): the app registers its routes (issue 31). */
export { default as ussdPlugin } from './ussd-plugin';
