import type { FastifyInstance } from 'fastify';
import type { SimSms } from './africastalking-sms-inbox';
import { SIMULATED_PROVIDERS } from './providers';
import { kwachaText, phoneKey, type SimPayment, type SimulatorState } from './state';

/**
 * The shopper's phone, played by a tester: every open request with approve / decline / wrong PIN, and the
 * text messages received (?to=0971234567 shows one number's). Plain forms.
 */
export function phonePage(app: FastifyInstance, state: SimulatorState): void {
  app.get<{ Querystring: { to?: string } }>('/', async (request, reply) => {
    const to = request.query.to ? (phoneKey(request.query.to) ?? undefined) : undefined;
    const texts = state.sms.to(to).slice(-20).reverse();
    const payments = [...state.payments.values()].reverse();
    const open = payments.filter((p) => p.status === 'PENDING');
    const ended = payments.filter((p) => p.status !== 'PENDING').slice(0, 20);
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Payment simulator: the shopper's phone</title>
<style>body{font:16px/1.4 system-ui,sans-serif;max-width:32rem;margin:1rem auto;padding:0 1rem}
li{border:1px solid #ccc;border-radius:.5rem;padding:.75rem;margin:.5rem 0;list-style:none}ul{padding:0}
form{display:inline}button{font:inherit;margin:.25rem .25rem 0 0;padding:.4rem .8rem}small{color:#555}</style></head>
<body><h1>The shopper's phone</h1>
<p><a href="/ussd">A feature phone that dials the shop's USSD code</a></p>
<p><small>Payment prompts the simulator received (${SIMULATED_PROVIDERS.map((p) => p.name).join(', ')}). This page reloads every 5 seconds.</small></p>
<h2>Waiting for the PIN (${open.length})</h2>
${open.length ? `<ul>${open.map(openItem).join('')}</ul>` : '<p>No payment is waiting.</p>'}
<h2>Ended</h2>
${ended.length ? `<ul>${ended.map(endedItem).join('')}</ul>` : '<p>None yet.</p>'}
<h2>Text messages${to ? ` to ${escape(to)}` : ''} (${texts.length})</h2>
<form method="get" action="/"><label>Number <input name="to" value="${escape(to ?? '')}" inputmode="tel"></label> <button type="submit">Show</button></form>
${texts.length ? `<ul>${texts.map(textItem).join('')}</ul>` : '<p>No text message yet.</p>'}
</body></html>`);
  });
}

function summary(p: SimPayment): string {
  const name = SIMULATED_PROVIDERS.find((provider) => provider.id === p.provider)?.name ?? p.provider;
  return `<strong>${escape(name)}</strong>: pay ${escape(p.currency)} ${kwachaText(p.amountNgwee)} from ${escape(p.phone)}<br>
<small>${escape(p.message || p.externalId)} · ref ${escape(p.reference)}</small>`;
}

function openItem(p: SimPayment): string {
  const action = (name: string, label: string) =>
    `<form method="post" action="/_sim/requests/${encodeURIComponent(p.reference)}/${name}"><button type="submit">${label}</button></form>`;
  return `<li>${summary(p)}<br>${action('approve', 'Enter PIN and approve')}${action('decline', 'Decline')}${action('wrong-pin', 'Wrong PIN')}</li>`;
}

function endedItem(p: SimPayment): string {
  return `<li>${summary(p)}<br>${p.status === 'SUCCESSFUL' ? 'Paid' : `Failed: ${escape(p.reason ?? '')}`}</li>`;
}

function textItem(m: SimSms): string {
  return `<li><small>To ${escape(m.to)} from ${escape(m.from ?? 'AFRICASTKNG')} · ${escape(m.receivedAt.slice(11, 19))}</small><br>${escape(m.text)}</li>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
