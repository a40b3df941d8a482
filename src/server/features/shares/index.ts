/**
 * The shares ledger's public entry (docs/decisions/010-module-boundaries.md, 063-member-shares.md): the app
 * registers its plugin, whose recorders on the order events write the ledger. Members, payouts and reports
 * read share_entries through their own queries.
 */
export { default as sharesPlugin } from './shares-plugin';
