import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { kwachaText, phoneKey, type SimulatorState } from './state';

/**
 * Africa's Talking's USSD gateway, played for the shop (docs/providers/africastalking-ussd.md): a session
 * is a sessionId, and each step is a form POST of sessionId, serviceCode, phoneNumber, networkCode and
 * text (every input so far joined by *) to the shop's callback; the answer is text/plain starting "CON "
 * (show and wait) or "END " (show and close). A 4xx/5xx, a body without CON/END, an empty body, or no answer
 * in 10 seconds ends the session, as on the gateway.
 *
 * The feature phone at GET /ussd plays the caller: a keypad and a screen; dialling the short code starts
 * a session; a payment prompt the MTN or Airtel simulator received for the same number shows on the same
 * phone, and so do its text messages.
 */
export interface UssdGateway {
  /** The shop's callback URL (with its secret); unset: dialling says the code is not in service. */
  callbackUrl?: string;
  /** The code a caller dials. */
  serviceCode: string;
}

interface SimUssdSession {
  id: string;
  phone: string;
  networkCode: string;
  inputs: string[];
  ended: boolean;
}

/** The gateway's limit on the application's answer (AT's USSD overview: 10 seconds). */
const ANSWER_LIMIT_MS = 10_000;

/** AT's network codes for Zambia: Airtel 64501, MTN 64502; Zamtel is not in AT's table (its MCC-MNC is 645-03). */
function networkCodeOf(phone: string): string {
  const prefix = phone.slice(4, 6);
  if (prefix === '96' || prefix === '76') return '64502';
  if (prefix === '97' || prefix === '77' || prefix === '57') return '64501';
  return '64503';
}

export function ussdRoutes(app: FastifyInstance, state: SimulatorState, gateway: UssdGateway): void {
  const sessions = new Map<string, SimUssdSession>();

  async function ask(session: SimUssdSession): Promise<{ end: boolean; text: string }> {
    if (!gateway.callbackUrl) return { end: true, text: 'UNKNOWN APPLICATION' };
    const form = new URLSearchParams({
      sessionId: session.id,
      serviceCode: gateway.serviceCode,
      phoneNumber: session.phone,
      networkCode: session.networkCode,
      text: session.inputs.join('*'),
    });
    try {
      const response = await fetch(gateway.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
      });
      const body = await response.text();
      if (!response.ok) return { end: true, text: `Connection problem or invalid MMI code (HTTP ${response.status})` };
      const match = /^(CON|END) ([\s\S]*)$/.exec(body);
      if (!match) return { end: true, text: 'Connection problem or invalid MMI code' };
      return { end: match[1] === 'END', text: match[2]! };
    } catch {
      return { end: true, text: 'Connection problem or invalid MMI code' };
    }
  }

  async function answer(session: SimUssdSession) {
    const result = await ask(session);
    session.ended = result.end;
    if (result.end) sessions.delete(session.id);
    return { sessionId: session.id, end: result.end, text: result.text };
  }

  app.post<{ Body: { phone?: string; code?: string } }>('/_sim/ussd/dial', async (request, reply) => {
    const phone = phoneKey(String(request.body?.phone ?? ''));
    if (!phone) return reply.code(400).send({ message: 'phone: a Zambian mobile number' });
    if (String(request.body?.code ?? '').trim() !== gateway.serviceCode)
      return { sessionId: null, end: true, text: 'UNKNOWN APPLICATION' };
    const session: SimUssdSession = {
      id: `ATUid_${randomUUID().replace(/-/g, '')}`,
      phone,
      networkCode: networkCodeOf(phone),
      inputs: [],
      ended: false,
    };
    sessions.set(session.id, session);
    return answer(session);
  });

  app.post<{ Body: { sessionId?: string; input?: string } }>('/_sim/ussd/reply', async (request, reply) => {
    const session = sessions.get(String(request.body?.sessionId ?? ''));
    if (!session) return reply.code(404).send({ message: 'No such session: it ended or timed out' });
    session.inputs.push(String(request.body?.input ?? ''));
    return answer(session);
  });

  /** What the phone of `phone` shows besides USSD: an open payment prompt, and its text messages. */
  app.get<{ Params: { phone: string } }>('/_sim/ussd/phone/:phone', async (request, reply) => {
    const phone = phoneKey(request.params.phone);
    if (!phone) return reply.code(400).send({ message: 'phone: a Zambian mobile number' });
    const open = [...state.payments.values()].find((p) => p.phone === phone && p.status === 'PENDING');
    const texts = state.sms.to(phone).map((m) => ({ text: m.text, at: m.receivedAt }));
    return {
      prompt: open
        ? {
            reference: open.reference,
            text: `${state.provider(open.provider).name}: pay ${open.currency} ${kwachaText(open.amountNgwee)} for ${open.message || open.externalId}? Enter PIN:`,
          }
        : null,
      texts,
    };
  });

  app.get<{ Querystring: { phone?: string } }>('/ussd', async (request, reply) => {
    const phone = phoneKey(String(request.query.phone ?? '')) ?? '+260961234567';
    return reply.type('text/html; charset=utf-8').send(featurePhonePage(phone, gateway.serviceCode));
  });
}

function featurePhonePage(phone: string, serviceCode: string): string {
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>USSD simulator: a feature phone</title>
<style>
body{font:16px/1.4 system-ui,sans-serif;margin:0;background:#e9e4dc;display:flex;justify-content:center}
.phone{width:min(22rem,100vw);box-sizing:border-box;background:#2b2b2b;border-radius:2rem;padding:1.25rem 1rem 1.5rem;margin:.75rem}
.screen{background:#c8d8b0;color:#1b2a10;font:15px/1.3 ui-monospace,monospace;border-radius:.4rem;padding:.6rem;height:13.5rem;
overflow:auto;white-space:pre-wrap;word-break:break-word}
.typed{background:#b8c9a0;font:16px ui-monospace,monospace;min-height:1.4rem;padding:.25rem .6rem;margin-top:.4rem;border-radius:.3rem;word-break:break-all}
.keys{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem;margin-top:.9rem}
button{font:600 1.25rem system-ui,sans-serif;padding:.7rem 0;border-radius:.8rem;border:0;background:#4a4a4a;color:#fff;min-height:3rem}
button:focus-visible{outline:3px solid #ffd24a}
.call{background:#2e7d32}.end{background:#c62828}.clear{background:#6d6d6d;font-size:1rem}
.row{display:grid;grid-template-columns:1fr 1fr 1fr;gap:.5rem;margin-top:.9rem}
.label{color:#ddd;font-size:.8rem;text-align:center;margin:0 0 .5rem}
</style></head>
<body><main class="phone">
<p class="label">Feature phone <span data-phone>${escape(phone)}</span> · dial ${escape(serviceCode)}</p>
<div class="screen" role="status" aria-live="polite" aria-label="Screen" id="screen">Dial ${escape(serviceCode)} and press Call</div>
<div class="typed" aria-label="Typed" id="typed"></div>
<div class="row"><button class="call" id="call" aria-label="Call / Send">Call</button>
<button class="clear" id="clear" aria-label="Clear">C</button>
<button class="end" id="end" aria-label="End">End</button></div>
<div class="keys">${keys.map((k) => `<button data-key="${k}" aria-label="${k}">${k}</button>`).join('')}</div>
</main>
<script>
const phone=${JSON.stringify(phone)};
const screen=document.getElementById('screen'),typedEl=document.getElementById('typed');
let typed='',session=null,mode='idle',prompt=null,seenTexts=null,busy=false,endedAt=0;
const show=(t)=>{screen.textContent=t};
const setTyped=(t)=>{typed=t;typedEl.textContent=mode==='pin'?'*'.repeat(t.length):t};
async function post(url,body){const r=await fetch(url,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body||{})});return r.json()}
function onAnswer(a){if(a.end){session=null;mode='ended';endedAt=Date.now()}else{session=a.sessionId;mode='session'}show(a.text);setTyped('')}
async function call(){if(busy)return;busy=true;try{
 if(mode==='idle'||mode==='ended'){if(!typed)return;show('USSD code running...');onAnswer(await post('/_sim/ussd/dial',{phone,code:typed}))}
 else if(mode==='session'){const input=typed;setTyped('');show('Sending...');onAnswer(await post('/_sim/ussd/reply',{sessionId:session,input}))}
 else if(mode==='pin'&&prompt){await fetch('/_sim/requests/'+encodeURIComponent(prompt.reference)+'/approve',{method:'POST'});prompt=null;mode='idle';setTyped('');show('PIN sent. Waiting for confirmation...')}
}finally{busy=false}}
async function end(){if(mode==='pin'&&prompt){await fetch('/_sim/requests/'+encodeURIComponent(prompt.reference)+'/decline',{method:'POST'});prompt=null}
 session=null;mode='idle';setTyped('');show('Dial ${escape(serviceCode)} and press Call')}
document.querySelectorAll('[data-key]').forEach(b=>b.addEventListener('click',()=>setTyped(typed+b.dataset.key)));
document.getElementById('call').addEventListener('click',call);
document.getElementById('end').addEventListener('click',end);
document.getElementById('clear').addEventListener('click',()=>setTyped(typed.slice(0,-1)));
// Letters from the computer's keyboard stand for a phone's multi-tap (a town, a name).
document.addEventListener('keydown',e=>{if(e.key.length===1&&!e.ctrlKey&&!e.metaKey){e.preventDefault();setTyped(typed+e.key)}else if(e.key==='Enter')call();else if(e.key==='Backspace')setTyped(typed.slice(0,-1));else if(e.key==='Escape')end()});
async function look(){try{const r=await (await fetch('/_sim/ussd/phone/'+encodeURIComponent(phone))).json();
 if(seenTexts===null)seenTexts=r.texts.length;
 if(r.prompt&&mode!=='session'&&mode!=='pin'&&(!prompt||prompt.reference!==r.prompt.reference)){prompt=r.prompt;mode='pin';setTyped('');show(r.prompt.text)}
 else if(r.texts.length>seenTexts&&(mode==='idle'||(mode==='ended'&&Date.now()-endedAt>3000))){seenTexts=r.texts.length;mode='ended';show('New message:\\n'+r.texts[r.texts.length-1].text)}
}catch{}}
setInterval(look,1000);look();
</script></body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
