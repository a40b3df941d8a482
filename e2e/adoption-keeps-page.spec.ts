import { expect, test, type Page } from './support/test';
import { appReady, slowPhone } from './support/slow-phone';

/**
 * Decision 020 (docs/decisions/020-early-taps-and-one-pass-adoption.md): the app adopts the page the
 * server drew; it must not draw it again. On a phone slowed 4x on a 400 kbit/s line, from the first
 * paint until the app has adopted the page and the network is quiet, the text of <main> never shrinks
 * (it blanked below the hero, the page 5,800 px tall falling to 1,600 and growing back) and nothing on
 * the page shifts.
 */

interface Watch {
  /** The text length of <main> after each change to the page, from its first paint on. */
  lengths: number[];
  /** Each layout shift that no input caused. */
  shifts: number[];
}

async function watchMain(page: Page) {
  await page.addInitScript(() => {
    const watch: Watch = { lengths: [], shifts: [] };
    Object.assign(window, { watch });
    let painted = false;
    const read = () => {
      if (!painted) return;
      const length = document.querySelector('main')?.textContent?.length ?? 0;
      if (watch.lengths.at(-1) !== length) watch.lengths.push(length);
    };
    new PerformanceObserver((list) => {
      if (list.getEntries().length === 0) return;
      painted = true;
      read();
    }).observe({ type: 'paint', buffered: true });
    new MutationObserver(read).observe(document, { childList: true, subtree: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) watch.shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const watched = (page: Page) => page.evaluate(() => (window as unknown as { watch: Watch }).watch);

const shrinks = (lengths: number[]) =>
  lengths.flatMap((length, at) => (at > 0 && length < lengths[at - 1] ? [`${lengths[at - 1]} -> ${length}`] : []));

test.describe('a drawn page is adopted as drawn @phone', () => {
  test.beforeEach(async ({ page }) => {
    await slowPhone(page);
    await watchMain(page);
  });

  for (const [name, path] of [
    ['home', '/'],
    ['About', '/about'],
    ['Contact', '/contact'],
  ]) {
    test(`${name}: the text of <main> never shrinks from the first paint on, and the layout does not shift`, async ({
      page,
    }) => {
      await page.goto(path, { waitUntil: 'commit' });
      await appReady(page);
      await page.waitForLoadState('networkidle');
      const { lengths, shifts } = await watched(page);
      expect(lengths.length, 'the page was painted').toBeGreaterThan(0);
      expect(Math.max(...lengths), 'the page has its text').toBeGreaterThan(1000);
      expect(shrinks(lengths)).toEqual([]);
      expect(shifts).toEqual([]);
    });
  }
});
