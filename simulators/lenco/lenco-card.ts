import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LencoAccount } from './lenco-api';
import { settlePayment, type SettleOptions } from '../settle';
import { cardKey, ngweeOf, receivedPayment, type SimPayment, type SimulatorState } from '../state';

const OUTCOMES = new Set(['approve', 'decline', '3ds', 'abandon']);
const REFERENCE = /^[-._A-Za-z0-9]{1,100}$/;

/**
 * Lenco's card widget, standing in: what its popup does at Lenco when the shopper submits a card.
 * POST /lenco/widget/pay {key, reference, amount, currency, email, card, outcome}: approve (the collection
 * is successful), decline (failed, "Card declined"), 3ds (waits in 3ds-auth-required until
 * /_sim/requests/{reference}/approve or decline, or the bank answers as the card's behaviour says:
 * POST /_sim/behaviour {card, outcome, afterSeconds}), abandon (nothing reaches Lenco: its status read says
 * not found). The test card page and the script that opens it (GET /lenco/inline.js) call this.
 */
export function lencoCardRoutes(
  app: FastifyInstance,
  state: SimulatorState,
  account: LencoAccount,
  settle: SettleOptions,
): void {
  // The stand-in of https://pay.lenco.co/js/v1/inline.js: the same global and call, LencoPay.getPaid(options),
  // opening the test card page in an iframe over the shop's page; the page posts its outcome back.
  app.get('/lenco/inline.js', async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    return reply.type('application/javascript; charset=utf-8').send(widgetScript(origin));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/lenco/widget', async (request, reply) => {
    const q = request.query;
    return reply.type('text/html; charset=utf-8').send(cardPage(q));
  });

  app.post('/lenco/widget/pay', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.key !== account.publicKey) return reply.code(401).send({ status: false, message: 'Invalid public key' });
    const amountNgwee =
      typeof body.amount === 'number' || typeof body.amount === 'string' ? ngweeOf(body.amount) : null;
    if (typeof body.reference !== 'string' || !REFERENCE.test(body.reference))
      return reply.code(400).send({ status: false, message: 'reference is invalid' });
    if (amountNgwee === null) return reply.code(400).send({ status: false, message: 'amount is invalid' });
    if (typeof body.outcome !== 'string' || !OUTCOMES.has(body.outcome))
      return reply.code(400).send({ status: false, message: 'outcome must be approve, decline, 3ds or abandon' });
    if (body.outcome === 'abandon') return { status: true, message: 'Closed', data: null };
    if (state.payments.has(body.reference))
      return reply.code(400).send({ status: false, message: 'Duplicate reference' });
    const number = typeof body.card === 'string' ? body.card.replace(/\D/g, '') : '';
    const payment: SimPayment = receivedPayment({
      provider: 'lenco',
      reference: body.reference,
      // A card has no phone; the key below keeps per-number behaviours apart from every wallet's.
      phone: cardKey(number),
      amountNgwee,
      currency: typeof body.currency === 'string' ? body.currency : 'ZMW',
      externalId: body.reference,
      message: typeof body.email === 'string' ? body.email : '',
      callbackUrl: null,
      lencoId: randomUUID(),
      card: { number: number || '4622943127013705', threeDs: body.outcome === '3ds' },
    });
    state.payments.set(payment.reference, payment);
    if (body.outcome === 'approve' || body.outcome === 'decline') settlePayment(state, payment, body.outcome, settle);
    else {
      const bank = state.behaviourFor(payment.phone);
      const outcome = bank.outcome;
      if (outcome !== 'wait')
        state.later(bank.afterSeconds * 1000, () => settlePayment(state, payment, outcome, settle));
    }
    return { status: true, message: '', data: { reference: payment.reference, status: payment.status } };
  });
}

function widgetScript(origin: string): string {
  return `(function () {
  var ORIGIN = ${JSON.stringify(origin)};
  function getPaid(o) {
    var q = new URLSearchParams({ key: o.key || '', reference: o.reference || '', amount: String(o.amount),
      currency: o.currency || 'ZMW', email: o.email || '', label: o.label || '' });
    var frame = document.createElement('iframe');
    frame.src = ORIGIN + '/lenco/widget?' + q.toString();
    frame.title = 'Lenco payment';
    frame.setAttribute('style', 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(0,0,0,.5)');
    function done(event) {
      if (event.origin !== ORIGIN || !event.data || event.data.lenco !== o.reference) return;
      window.removeEventListener('message', done);
      frame.remove();
      if (event.data.outcome === 'success' && o.onSuccess) o.onSuccess({ reference: o.reference });
      else if (event.data.outcome === 'pending' && o.onConfirmationPending) o.onConfirmationPending();
      else if (o.onClose) o.onClose();
    }
    window.addEventListener('message', done);
    document.body.appendChild(frame);
  }
  window.LencoPay = { getPaid: getPaid };
})();`;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The test card page: Lenco's sandbox cards, and what the bank does with them. */
function cardPage(q: Record<string, string | undefined>): string {
  const options = JSON.stringify({
    key: q.key ?? '',
    reference: q.reference ?? '',
    amount: q.amount ?? '',
    currency: q.currency ?? 'ZMW',
    email: q.email ?? '',
  }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lenco (simulator): pay by card</title>
<style>body{font:16px/1.4 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:1rem;padding:1.25rem;max-width:22rem;width:calc(100% - 2rem)}
button{display:block;width:100%;font:inherit;margin:.5rem 0;padding:.7rem;border-radius:.5rem;border:1px solid #888}
label{display:block;margin:.5rem 0}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem}</style></head>
<body><main><h1>Pay ${escape(q.currency ?? 'ZMW')} ${escape(q.amount ?? '')}</h1>
<p><small>${escape(q.label ?? '')} · Lenco simulator: no real card is charged.</small></p>
<label>Card number <input id="card" value="4622 9431 2701 3705" autocomplete="off"></label>
<button data-outcome="approve">Pay (approved)</button>
<button data-outcome="decline">Pay (declined by the bank)</button>
<button data-outcome="3ds">Pay (3-D Secure: wait for the bank)</button>
<button data-outcome="abandon">Close (abandon)</button>
<p id="said" role="status"></p></main>
<script>
var o = ${options};
document.querySelectorAll('button').forEach(function (b) {
  b.addEventListener('click', function () {
    var outcome = b.getAttribute('data-outcome');
    fetch('/lenco/widget/pay', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.assign({}, o, { card: document.getElementById('card').value, outcome: outcome })) })
      .then(function (r) { return r.json(); })
      .then(function () {
        var said = outcome === 'approve' ? 'success' : outcome === '3ds' ? 'pending' : 'close';
        if (outcome === 'decline') { document.getElementById('said').textContent = 'Card declined'; }
        parent.postMessage({ lenco: o.reference, outcome: said }, '*');
      });
  });
});
</script></body></html>`;
}
