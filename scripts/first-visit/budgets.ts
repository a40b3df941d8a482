/**
 * What a shopper's first visit to the home page may cost on the wire (issue 43): every byte the phone
 * receives, headers included, for the page, its scripts, styles, pictures and the service worker's own
 * downloads, until the connection has been quiet for a while. KB of 1,024 bytes.
 */
export const FIRST_VISIT_BUDGET_KB = {
  /** An ordinary visit. */
  plain: 120,
  /** A browser that sends `Save-Data: on` (a phone's data saver): nothing fetched ahead. */
  'save-data': 80,
} as const;

export type VisitMode = keyof typeof FIRST_VISIT_BUDGET_KB;

export const VISIT_MODES = Object.keys(FIRST_VISIT_BUDGET_KB) as VisitMode[];

/** The middle value (the lower of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export const kb = (bytes: number) => bytes / 1024;

/** Each mode's median bytes received against its budget: the modes over it, described. */
export function judgeFirstVisit(received: Partial<Record<VisitMode, readonly number[]>>): string[] {
  const failures: string[] = [];
  for (const mode of VISIT_MODES) {
    const middle = median(received[mode] ?? []);
    if (middle === undefined) continue;
    const budget = FIRST_VISIT_BUDGET_KB[mode];
    if (kb(middle) > budget) failures.push(`${mode}: ${kb(middle).toFixed(1)} KB > ${budget} KB`);
  }
  return failures;
}
