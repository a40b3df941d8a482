import type { AfricasTalkingSettings } from './sms-settings';
import type { SmsOutcome, SmsTransport } from './transport';

/**
 * Africa's Talking's SMS API as its official Node SDK calls it (lib/sms.js): POST {base}/version1/messaging,
 * a form body (username, to, message, from, bulkSMSMode=1), the key in an `apiKey` header. It answers 201
 * with one entry per recipient; each message here has exactly one. The API takes no idempotency key, so a
 * request whose answer is lost cannot be asked about or safely repeated (decision 015).
 */

/** Per-recipient codes that mean the message was taken: Processed, Sent, Queued. */
const ACCEPTED = new Set([100, 101, 102]);

/** Per-recipient refusals worth trying again later (the co-op tops up; AT's gateway comes back). */
const TRY_AGAIN = new Set([405, 500, 501]);

interface AtRecipient {
  statusCode?: number;
  number?: string;
  status?: string;
  cost?: string;
  messageId?: string;
}

interface AtAnswer {
  SMSMessageData?: { Message?: string; Recipients?: AtRecipient[] };
}

export function africasTalkingTransport(settings: AfricasTalkingSettings): SmsTransport {
  const url = `${settings.baseUrl}/version1/messaging`;
  const blank = (text: string) => text.split(settings.apiKey).join('***').replace(/\s+/g, ' ').trim().slice(0, 300);
  return {
    mode: 'africastalking',
    async send(message): Promise<SmsOutcome> {
      const form = new URLSearchParams({
        username: settings.username,
        to: message.to,
        message: message.text,
        bulkSMSMode: '1',
      });
      if (settings.senderId) form.set('from', settings.senderId);
      let response: Response;
      let body: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            apiKey: settings.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        body = await response.text();
      } catch (error) {
        const timedOut = (error as { name?: string } | null)?.name === 'TimeoutError';
        const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
        const reason = timedOut
          ? `No answer from Africa's Talking within ${settings.timeoutMs / 1000} s`
          : `Africa's Talking not reachable (${cause ?? (error instanceof Error ? error.message : 'network error')})`;
        return { ok: false, reason: blank(reason), retry: true };
      }
      if (response.status !== 201) {
        const said = blank(body) || response.statusText;
        if (response.status === 401)
          return { ok: false, reason: `Africa's Talking refused the username or API key (401: ${said})`, retry: false };
        return {
          ok: false,
          reason: `Africa's Talking answered ${response.status}: ${said}`,
          retry: response.status >= 500 || response.status === 429,
        };
      }
      let answer: AtAnswer;
      try {
        answer = JSON.parse(body) as AtAnswer;
      } catch {
        return {
          ok: false,
          reason: `Africa's Talking answered 201 with an unreadable body: ${blank(body).slice(0, 100)}`,
          retry: false,
        };
      }
      const recipient = answer.SMSMessageData?.Recipients?.[0];
      if (!recipient) {
        // A refusal of the whole request (an unapproved sender id, say) comes as 201 with no recipients.
        return {
          ok: false,
          reason: `Not sent: ${blank(answer.SMSMessageData?.Message ?? 'no recipient in the answer')}`,
          retry: false,
        };
      }
      const code = Number(recipient.statusCode);
      if (ACCEPTED.has(code))
        return { ok: true, providerMessageId: recipient.messageId ?? null, cost: recipient.cost ?? null };
      return {
        ok: false,
        reason: `Not sent: ${code} ${blank(recipient.status ?? 'unknown status')}`,
        retry: TRY_AGAIN.has(code),
      };
    },
  };
}
