export interface CaddySite {
  /** The shop's domain, e.g. shop.example.zm. */
  domain: string;
  /** Told to the certificate authority: it writes here before a certificate runs out. */
  email: string;
  /** The shop's port on 127.0.0.1. */
  shopPort: number;
  /** Another ACME directory than Let's Encrypt's (its staging directory for a trial; Pebble in tests). */
  acmeCa?: string;
  /** The certificate that signed that directory's own HTTPS (Pebble's in tests). */
  acmeCaRoot?: string;
  /** Other ports than 80 and 443 (tests, where another program may hold those). */
  httpPort?: number;
  httpsPort?: number;
}

/**
 * Caddy in front of the shop: HTTPS with a certificate it gets and renews by ACME, HTTP redirected to it
 * (Caddy's automatic HTTPS does both for a site named by its domain), answers compressed. Caddy sets
 * X-Forwarded-For to the address the shopper connected from (one it was sent is dropped, as Caddy trusts
 * no proxy before it), and the shop believes it from 127.0.0.1 only (TRUST_PROXY), so its limits count
 * per shopper, not per proxy.
 */
export function renderCaddyfile(site: CaddySite): string {
  const global = [
    `email ${site.email}`,
    ...(site.acmeCa ? [`acme_ca ${site.acmeCa}`] : []),
    ...(site.acmeCaRoot ? [`acme_ca_root ${site.acmeCaRoot}`] : []),
    ...(site.httpPort ? [`http_port ${site.httpPort}`] : []),
    ...(site.httpsPort ? [`https_port ${site.httpsPort}`] : []),
    // On other ports this is a trial beside the machine's own Caddy: no admin endpoint to fight over.
    ...(site.httpPort || site.httpsPort ? ['admin off'] : []),
  ];
  return `# Written by coop-shop install (docs/operations/going-live.md); install and update write it again.
{
${global.map((line) => `\t${line}`).join('\n')}
}

${site.domain} {
\tencode zstd gzip
\treverse_proxy 127.0.0.1:${site.shopPort}
\t# While the shop restarts (an update, a crash) shoppers read this instead of an error page.
\thandle_errors {
\t\theader Retry-After 30
\t\trespond "The shop is being updated or restarted. Please try again in a minute." 503
\t}
}
`;
}
