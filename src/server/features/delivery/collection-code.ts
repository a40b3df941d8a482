import { randomInt } from 'node:crypto';

/**
 * A pickup or bus-station parcel's collection code (decision 038): six digits, drawn by the system's
 * cryptographic generator. Digits because a keeper types them on any phone's number pad and a shopper
 * reads them out; a million codes with a few tries an hour per order is out of a guesser's reach.
 */
export const COLLECTION_CODE_DIGITS = 6;

export const collectedAtPoint = (kind: string | null | undefined): boolean => kind === 'pickup' || kind === 'bus';

export function newCollectionCode(): string {
  return String(randomInt(0, 10 ** COLLECTION_CODE_DIGITS)).padStart(COLLECTION_CODE_DIGITS, '0');
}

/** The code as a person typed it: spaces and dashes dropped ("123 456" is 123456). */
export const typedCollectionCode = (typed: string): string => typed.replace(/[\s-]/g, '');
