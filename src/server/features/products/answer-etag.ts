import { createHash } from 'node:crypto';

const digest = (text: string, length: number) => createHash('sha1').update(text).digest('base64url').slice(0, length);

/**
 * Weak, because equal tags promise equal meaning, not bytes. Made of the question and the answer's text,
 * so an answer read again unchanged (after a change to other products) keeps its tag and a phone's copy
 * stays good (304), and two questions never share one.
 */
export function answerETag(key: string, json: string): string {
  return `W/"${digest(key, 8)}-${digest(json, 16)}"`;
}
