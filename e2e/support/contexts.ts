import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { E2E_ADMIN } from './shop';

/** A second person's screen beside the journey's page (the back office, a keeper's phone), at the project's size. */
export async function pageAtProjectSize(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    baseURL,
    locale: 'en-ZM',
    timezoneId: 'Africa/Lusaka',
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** The back office in its own context, signed in as the e2e admin; the token for calls beside it. */
export async function adminInOwnContext(browser: Browser, testInfo: TestInfo): Promise<{ page: Page; token: string }> {
  const page = await pageAtProjectSize(browser, testInfo);
  const res = await page.request.post('/api/users/login', { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
  const body = await res.json();
  await page.addInitScript((stored) => localStorage.setItem('userInfo', stored), JSON.stringify(body));
  return { page, token: body.token };
}
