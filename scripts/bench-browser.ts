/**
 * What the benches in headless Chromium share (scripts/bench-import-parse.ts,
 * scripts/bench-chats-ui.ts): the browser launched as the tests launch it, a page context that
 * records the main thread's long tasks from its first script on, and signing in through the
 * login page.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** TOOLCHAIN.md's flags for Debian's Chromium on this machine. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const launchBenchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });

type LongTaskWindow = { __longTasks: { start: number; duration: number }[] };

/**
 * A desktop-sized context whose pages keep every long task (PerformanceObserver 'longtask',
 * tasks of 50 ms and more) in `window.__longTasks`.
 */
export const benchContext = async (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  // tsx compiles the benches keeping function names, through a helper `__name` that page code lacks.
  await context.addInitScript('globalThis.__name = (f) => f;');
  await context.addInitScript(() => {
    const w = window as unknown as LongTaskWindow;
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  return context;
};

/** The longest task that started between two moments of the page's clock (0 when none of 50 ms or more). */
export const longestTask = (page: Page, from: number, to: number): Promise<number> =>
  page.evaluate(
    ({ from, to }) => Math.max(0, ...(window as unknown as LongTaskWindow).__longTasks.filter((t) => t.start >= from && t.start <= to).map((t) => t.duration)),
    { from, to },
  );

/** Signs in through the login page and waits for home. */
export const signInOnPage = async (page: Page, baseUrl: string, user: { email: string; password: string }): Promise<void> => {
  await page.goto(`${baseUrl}/crm/login`);
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-page').waitFor({ timeout: 30_000 });
};
