import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Structure rules that axe files under 'best-practice' with a moderate impact, so a serious-only filter
 * lets them pass; Lighthouse counts them (heading-order cost the product page its 100). They fail here.
 */
export const STRUCTURE_RULES = [
  'heading-order',
  'empty-heading',
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-unique',
  'landmark-no-duplicate-main',
  'duplicate-id-aria',
];

/** Serious and critical axe findings, and any finding of the structure rules, fail the test, listed with where they are. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  // Toasts fade in and out: axe would measure a half-transparent one's contrast mid-fade (1.18 seen in CI).
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const ran = new Set(
    [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id),
  );
  for (const rule of ['heading-order', 'page-has-heading-one']) expect(ran.has(rule), `axe ran ${rule}`).toBe(true);
  const failing = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || STRUCTURE_RULES.includes(v.id),
  );
  const summary = failing.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(failing, `${label}\n  ${summary.join('\n  ')}`).toEqual([]);
}
