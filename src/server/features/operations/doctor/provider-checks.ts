import nodemailer from 'nodemailer';
import type { AppConfig } from '../../../config';
import { fail, ok, warn, type Check, type Finding } from './check';

const TIMEOUT_MS = 15_000;

/**
 * One call to a provider that needs the keys and changes nothing there: a token, a balance, the status of
 * a payment that does not exist. 401 or 403 means the keys are refused; no answer means unreachable.
 */
async function probe(
  name: string,
  settingNames: { address: string; keys: string[] },
  request: () => Promise<Response>,
  accepted: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<Finding> {
  let status: number;
  try {
    const response = await request();
    status = response.status;
    await response.arrayBuffer();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const reason = (error as Error).name === 'TimeoutError' ? 'no answer in 15 s' : (cause ?? (error as Error).message);
    return fail(
      `${name}: could not be reached (${reason}). Check the server's internet; if it lasts, check ${settingNames.address}.`,
    );
  }
  if (accepted(status)) return ok(`${name}: reachable, accepts the keys.`);
  if (status === 401 || status === 403)
    return fail(
      `${name}: refused the keys (${status}). Copy ${settingNames.keys.join(', ')} again from the provider's portal, each with: coop-shop config set NAME`,
    );
  return fail(`${name}: answered ${status}. Try again later; if it lasts, ask the provider's support.`);
}

const signal = () => AbortSignal.timeout(TIMEOUT_MS);

function paymentProbes(config: AppConfig): Promise<Finding>[] {
  const { mtn, airtel, lenco } = config.paymentProviders ?? {};
  const probes: Promise<Finding>[] = [];
  if (mtn)
    probes.push(
      probe(
        'MTN MoMo',
        {
          address: 'MTN_MOMO_BASE_URL',
          keys: ['MTN_MOMO_SUBSCRIPTION_KEY', 'MTN_MOMO_API_USER', 'MTN_MOMO_API_KEY'],
        },
        () =>
          fetch(`${mtn.baseUrl}/collection/token/`, {
            method: 'POST',
            headers: {
              Authorization: `Basic ${Buffer.from(`${mtn.apiUser}:${mtn.apiKey}`).toString('base64')}`,
              'Ocp-Apim-Subscription-Key': mtn.subscriptionKey,
            },
            signal: signal(),
          }),
      ),
    );
  if (airtel)
    probes.push(
      probe(
        'Airtel Money',
        { address: 'AIRTEL_MONEY_BASE_URL', keys: ['AIRTEL_MONEY_CLIENT_ID', 'AIRTEL_MONEY_CLIENT_SECRET'] },
        () =>
          fetch(`${airtel.baseUrl}/auth/oauth2/token`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: '*/*' },
            body: JSON.stringify({
              client_id: airtel.clientId,
              client_secret: airtel.clientSecret,
              grant_type: 'client_credentials',
            }),
            signal: signal(),
          }),
      ),
    );
  if (lenco)
    probes.push(
      // A reference that was never used: with the token accepted, Lenco answers "not found".
      probe(
        'Lenco',
        { address: 'LENCO_BASE_URL', keys: ['LENCO_API_TOKEN'] },
        () =>
          fetch(`${lenco.baseUrl}/collections/status/coop-shop-doctor-${Date.now()}`, {
            headers: { Authorization: `Bearer ${lenco.apiToken}`, Accept: 'application/json' },
            signal: signal(),
          }),
        (status) => status === 200 || status === 404 || status === 400,
      ),
    );
  return probes;
}

function smsProbe(config: AppConfig): Promise<Finding>[] {
  const sms = config.sms;
  if (!sms) return [];
  return [
    probe(
      "Africa's Talking (texts)",
      { address: 'AFRICASTALKING_URL', keys: ['AFRICASTALKING_USERNAME', 'AFRICASTALKING_API_KEY'] },
      () =>
        fetch(`${sms.baseUrl}/version1/user?username=${encodeURIComponent(sms.username)}`, {
          headers: { apiKey: sms.apiKey, Accept: 'application/json' },
          signal: signal(),
        }),
    ),
  ];
}

/** Connects, greets and signs in as the shop would send mail; sends nothing. */
async function smtpProbe(smtpUrl: string): Promise<Finding> {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  } as never);
  try {
    await transport.verify();
    return ok('Mail server (SMTP): reachable, accepts the sign-in.');
  } catch (error) {
    const e = error as { code?: string; responseCode?: number; message: string };
    if (e.code === 'EAUTH' || e.responseCode === 535)
      return fail(
        'Mail server (SMTP): refused the user name or password. Set them again: coop-shop config set SMTP_URL',
      );
    const reason = /E(CONNREFUSED|NOTFOUND|TIMEDOUT|HOSTUNREACH|CONNRESET)/.exec(e.message)?.[0] ?? e.code ?? e.message;
    return fail(
      `Mail server (SMTP): could not be reached (${reason}). Check the server's address and port in SMTP_URL: coop-shop config set SMTP_URL`,
    );
  } finally {
    transport.close();
  }
}

/** Each provider the settings turn on, one line each, asked side by side; a line for each kind that is off. */
export const providerChecks: Check = async ({ config }) => {
  if (!config) return [];
  const payments = paymentProbes(config);
  const findings = await Promise.all([
    ...payments,
    ...smsProbe(config),
    ...(config.smtpUrl ? [smtpProbe(config.smtpUrl)] : []),
  ]);
  if (payments.length === 0)
    findings.push(
      warn(
        'Payments: no mobile-money or card provider is set, so shoppers pay by reference or on collection. To take MTN, Airtel and cards: docs/operations/payments.md.',
      ),
    );
  if (!config.sms)
    findings.push(
      warn(
        'Texts: no SMS provider is set, so no text is sent (sign-in codes, order news). To send them: docs/operations/sms.md.',
      ),
    );
  if (!config.smtpUrl)
    findings.push(
      warn(
        'Mail: no mail server is set, so e-mails are kept on the server and never sent. Set one: coop-shop config set SMTP_URL',
      ),
    );
  return findings;
};
