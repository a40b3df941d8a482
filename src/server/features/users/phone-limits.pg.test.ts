import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { phoneCodes } from '../../db/schema';
import { useTwoInstances, type TestApp } from '../../test/test-app';
import { readSmsOutbox } from '../sms/test/sms-outbox-files';
import { addressKeyOf, phoneDeps } from './phone-sign-in';

/** The sign-in code limits under bursts spread over two instances on one PostgreSQL (npm run test:pg). */
const pair = useTwoInstances();

let numbers = 0;
const freshNumber = () => `+26096${String(7_000_000 + (numbers += 1))}`;
const instance = (i: number): TestApp['app'] => (i % 2 === 0 ? pair.first.app : pair.second.app);
const askCode = (app: TestApp['app'], phone: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/users/phone/code', payload: { phone }, remoteAddress });
const verify = (app: TestApp['app'], payload: object) =>
  app.inject({ method: 'POST', url: '/api/users/phone/verify', payload, remoteAddress: '198.51.100.9' });

describe('sign-in codes under parallel requests on two instances', () => {
  it('one address gets exactly 60 codes of 100 asked at once for different numbers', async () => {
    const address = '198.51.100.60';
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => askCode(instance(i), freshNumber(), address)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(60);
    expect(answers.filter((r) => r.statusCode === 429).map((r) => r.json().message)).toEqual(
      Array.from({ length: 40 }, () => 'Too many codes asked from your network. Please try again in 60 minutes.'),
    );
    const addressKey = addressKeyOf(phoneDeps(pair.first.app).codeKey, address);
    const [sent] = await pair.first.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(phoneCodes)
      .where(eq(phoneCodes.addressKey, addressKey));
    expect(sent.n).toBe(60);
  });

  it('compares one code at most 5 times when 100 guesses arrive at once, every tenth the right one', async () => {
    const phone = freshNumber();
    expect((await askCode(pair.first.app, phone, '198.51.100.61')).statusCode).toBe(200);
    await pair.first.app.sms.idle();
    const code = /^(\d{6}) /.exec(
      (await readSmsOutbox(pair.first.dataDir)).filter((m) => m.to === phone).at(-1)!.text,
    )![1];
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    // Each answer other than "too many" is a comparison made: a wrong code said so, or the right one taken.
    const guesses = Array.from({ length: 100 }, (_, i) => (i % 10 === 9 ? code : wrong(i)));
    const answers = await Promise.all(
      guesses.map((guess, i) => verify(instance(i), { phone, code: guess, name: 'Guess Burst' })),
    );
    const messages = answers.map((r) => r.json().message as string);
    expect(messages.filter((m) => m === 'Too many wrong codes. Ask for a new code.')).toHaveLength(95);
    const [row] = await pair.first.app.db.select().from(phoneCodes).where(eq(phoneCodes.mobile, phone));
    expect(row.tries).toBe(5);
  });
});
