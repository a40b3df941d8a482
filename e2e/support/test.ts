import { test as base, type Page, type Response } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's test with a page whose goto, reload, goBack and goForward also wait for the shop's app to
 * have taken the page over (`<html data-ready>`: set by src/web/main.tsx once a drawn page is adopted and
 * its buttons answer, by src/web/app/app-ready.tsx once a page the browser draws is drawn).
 * A storefront page arrives drawn by the server and its app starts after the first paint, so "loaded"
 * no longer means that buttons answer or that the stored cart and session have been read. Not waited
 * for: JavaScript off, `waitUntil: 'commit'` or 'domcontentloaded' (a journey that wants the page before
 * its app), answers that are not HTML; an app that never starts (a journey that breaks it on purpose)
 * is waited for 10 s and the journey goes on to judge the page as it is.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => afterAppStarted(page, await goto(url, options), options?.waitUntil);
      const reload = page.reload.bind(page);
      page.reload = async (options) => afterAppStarted(page, await reload(options), options?.waitUntil);
      const goBack = page.goBack.bind(page);
      page.goBack = async (options) => afterAppStarted(page, await goBack(options), options?.waitUntil);
      const goForward = page.goForward.bind(page);
      page.goForward = async (options) => afterAppStarted(page, await goForward(options), options?.waitUntil);
    }
    await use(page);
  },
});

const APP_START_TIMEOUT_MS = 10_000;

async function afterAppStarted(
  page: Page,
  response: Response | null,
  waitUntil: string | undefined,
): Promise<Response | null> {
  if (waitUntil === 'commit' || waitUntil === 'domcontentloaded') return response;
  if (response && !(response.headers()['content-type'] ?? '').startsWith('text/html')) return response;
  await page
    .waitForFunction(() => document.documentElement.dataset.ready !== undefined, undefined, {
      timeout: APP_START_TIMEOUT_MS,
    })
    .catch(() => {
      // The journey judges the page as it is.
    });
  return response;
}
