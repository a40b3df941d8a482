import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { APIRequestContext } from '@playwright/test';
import { simulatorURL } from '../../playwright.config';

// The e2e server has no SMTP_URL: it writes every message as an .eml file here.
const mailOutbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** The subjects of the mails written to `to` so far (a dot file is one still being written). */
export async function mailSubjectsTo(to: string): Promise<string[]> {
  let files: string[];
  try {
    files = readdirSync(mailOutbox()).filter((f) => f.endsWith('.eml') && !f.startsWith('.'));
  } catch {
    return []; // no mail written yet
  }
  const subjects: string[] = [];
  for (const file of files) {
    const mail = await simpleParser(readFileSync(path.join(mailOutbox(), file)));
    if (mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === to))
      subjects.push(mail.subject ?? '');
  }
  return subjects.sort();
}

/** The texts the simulated Africa's Talking received for a number (+260...). */
export async function textsTo(request: APIRequestContext, e164: string): Promise<string[]> {
  const res = await request.get(`${simulatorURL}/_sim/sms/messages?to=${encodeURIComponent(e164)}`);
  return ((await res.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
}
