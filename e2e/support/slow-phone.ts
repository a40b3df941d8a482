import type { Page } from '@playwright/test';

/**
 * A cheap phone on a slow line: the CPU four times slower and 400 kbit/s with 400 ms of
 * latency, through the Chrome DevTools Protocol. Set before the visit it slows.
 */
export async function slowPhone(page: Page): Promise<void> {
  const cdp = await slowCpu(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
}

/** The CPU four times slower, the line as it is (a feature phone's USSD session has no page to download). */
export async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Until the returned function is called, the page's scripts matching `pattern` do not arrive. */
export async function holdScripts(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The app has adopted the drawn page (`<html data-ready>`); the journey's own goto does not wait for it. */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined, undefined, {
    timeout: 30_000,
  });
}
