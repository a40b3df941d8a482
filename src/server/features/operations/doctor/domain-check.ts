import { connect, type PeerCertificate } from 'node:tls';
import { fail, ok, warn, type Check, type Finding } from './check';

/** The domain's addresses in the DNS include one of this server's. */
export const domainCheck: Check = async ({ domain, probes }) => {
  let addresses: string[];
  try {
    addresses = await probes.resolve(domain);
  } catch {
    return fail(
      `Domain: ${domain} is not in the DNS yet. At your domain's seller, add an A record for ${domain} with this server's address (going-live.md, "Pointing the domain"); it can take an hour to be seen.`,
    );
  }
  const mine = new Set(probes.localAddresses());
  const here = addresses.filter((address) => mine.has(address));
  if (here.length > 0) return ok(`Domain: ${domain} points at this server (${here.join(', ')}).`);
  return warn(
    `Domain: ${domain} points at ${addresses.join(', ')}, which is not an address of this server (${[...mine].join(', ') || 'none found'}). Change the A record at your domain's seller; if your host gives the server an outside address of its own, check it is ${addresses[0]}.`,
  );
};

/** The certificate Caddy shows for the domain: trusted, for the domain, and its days left. */
export const certificateCheck: Check = async ({ domain, probes }) => {
  let certificate: PeerCertificate;
  try {
    certificate = await peerCertificate(probes.https.host, probes.https.port, domain, probes.https.ca);
  } catch (error) {
    return fail(
      `HTTPS: no trusted certificate for ${domain} yet (${(error as Error).message}). Caddy gets one by itself once the domain points here and ports 80 and 443 are open; see coop-shop logs caddy.`,
    );
  }
  const daysLeft = Math.floor((Date.parse(certificate.valid_to) - probes.now().getTime()) / 86_400_000);
  const issuer = certificate.issuer.O ?? certificate.issuer.CN ?? 'its authority';
  const said = `HTTPS: certificate for ${domain} from ${issuer}, ${daysLeft} days left`;
  if (daysLeft < 0)
    return fail(`${said.replace(`${daysLeft} days left`, 'run out')}. See coop-shop logs caddy.`) as Finding;
  if (daysLeft < 14)
    return warn(`${said}. Caddy renews it from 30 days before the end and has not yet: see coop-shop logs caddy.`);
  return ok(`${said} (Caddy renews it by itself).`);
};

function peerCertificate(host: string, port: number, servername: string, ca?: string): Promise<PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, servername, ca, timeout: 10_000 }, () => {
      const certificate = socket.getPeerCertificate();
      socket.end();
      resolve(certificate);
    });
    socket.on('timeout', () => socket.destroy(new Error('no answer on port 443')));
    socket.on('error', (error) => reject(error));
  });
}
