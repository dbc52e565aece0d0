/**
 * The number check's list in headless Chromium (figures only, never asserted; SPEC §2 assistant
 * tools, number check): 1,000 pasted numbers (NUMBER_CHECK_MAX) in the dialog opened from the
 * header's Assistant tools menu, as a demo member on a real server over a fresh embedded database
 * with the demo data. The numbers are written every way a list holds them: international with +,
 * national with the default code, with 00, with brackets and dashes, some repeated, some no number.
 *
 * - Read: from the click on "Check the list" to the first frame after the read list's summary is on
 *   screen (every entry read by the one phone rule into E.164 in the page, a slice at a time,
 *   repeats merged, invalid entries with their reasons: src/services/actors/number-check.ts).
 *   Goal: <= 200 ms. The first run (the phone library already loaded as the dialog opened) and
 *   the median of BENCH_RUNS (default 5) runs.
 * - Longest main-thread task from that click to the results on screen (this browser has no
 *   extension, so the check stops at once with its "did not answer" message after the reading):
 *   PerformanceObserver 'longtask' (tasks of 50 ms and more), goal: none; and the longest animation
 *   frame over the same span ('long-animation-frame', 50 ms and more: a task with the rendering
 *   after it), so a slow render of the results would show too.
 *
 * Serves ./dist (or DIST_DIR). BENCH_NUMBER_CHECK=0 skips it in `npm run bench`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { NUMBER_CHECK_MAX } from '../src/contract/number-check';
import { benchContext, launchBenchBrowser, longestTask, signInOnPage } from './bench-browser';
import { startServer } from './bench-support';
import { demoUsers } from './seed-demo';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** NUMBER_CHECK_MAX entries in the shapes a pasted list has (the default code is 1). */
export const sampleNumberList = (count: number = NUMBER_CHECK_MAX): string => {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = String(1000 + (i % 8000)).padStart(4, '0');
    switch (i % 10) {
      case 0:
        lines.push(`+1 415 555 ${n}`);
        break;
      case 1:
        lines.push(`(646) 555-${n}`);
        break;
      case 2:
        lines.push(`+86 138 0013 ${n}`);
        break;
      case 3:
        lines.push(`0044 20 7946 ${n}`);
        break;
      case 4:
        lines.push(`+971 50 123 ${n}`);
        break;
      case 5:
        lines.push(`1-312-555-${n}`);
        break;
      case 6:
        // A repeat of the line before last, written another way.
        lines.push(`+44 20 7946 ${String(1000 + ((i - 3) % 8000)).padStart(4, '0')}`);
        break;
      case 7:
        lines.push(`+20 10 1234 ${n}`);
        break;
      case 8:
        lines.push(i % 20 === 8 ? `call ${n}` : `555 ${n}`);
        break;
      default:
        lines.push(`+966 50 123 ${n}`);
    }
  }
  return lines.join('\n');
};

type BenchWindow = { __clickAt: number | null; __frames: { start: number; duration: number }[] };

/** The page's clock at the first frame after `selector` is in the document (checked on every change of the DOM). */
const paintedAt = (page: Page, selector: string, timeout = 60_000) =>
  page.evaluate(
    ({ s, timeout }) =>
      new Promise<number>((resolve, reject) => {
        const done = () => requestAnimationFrame(() => resolve(performance.now()));
        if (document.querySelector(s)) return done();
        const observer = new MutationObserver(() => {
          if (!document.querySelector(s)) return;
          observer.disconnect();
          done();
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true });
        setTimeout(() => reject(new Error(`${s} did not show within ${timeout} ms`)), timeout);
      }),
    { s: selector, timeout },
  );

const main = async () => {
  const text = sampleNumberList();
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-numbers-'));
  const env = { DATA_DIR: join(dir, 'db'), DATABASE_URL: '' };
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'seed-demo.ts')], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  const server = await startServer(env);
  const browser = await launchBenchBrowser();
  try {
    const context = await benchContext(browser);
    await context.addInitScript(() => {
      const w = window as unknown as BenchWindow;
      w.__clickAt = null;
      w.__frames = [];
      document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__frames.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    const page = await context.newPage();
    await signInOnPage(page, server.url, demoUsers[2]!);
    const trigger = page.getByTestId('assistant-tools-trigger');
    await trigger.waitFor();
    await page.waitForFunction(() => !(document.querySelector('[data-testid="assistant-tools-trigger"]') as HTMLButtonElement | null)?.disabled);
    await trigger.click();
    await page.getByTestId('assistant-tools-number-check').click();
    await page.getByTestId('number-check-mode-list').click();
    await page.getByTestId('number-check-list').fill(text);
    await page.getByTestId('number-check-default-code').fill('1');
    // A person presses the button after the dialog has settled (its animations), as after pasting.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

    const reads: number[] = [];
    const longTasks: number[] = [];
    const frames: number[] = [];
    let summary = '';
    for (let run = 0; run < RUNS; run++) {
      await page.evaluate(() => ((window as unknown as BenchWindow).__clickAt = null));
      const shown = paintedAt(page, '[data-testid="number-check-summary-numbers"]');
      const settled = paintedAt(page, '[data-testid="number-check-stopped"]');
      await page.getByTestId('number-check-list-submit').click();
      const shownAt = await shown;
      const settledAt = await settled;
      const clickAt = await page.evaluate(() => (window as unknown as BenchWindow).__clickAt!);
      reads.push(shownAt - clickAt);
      longTasks.push(await longestTask(page, clickAt, settledAt));
      frames.push(
        await page.evaluate(
          ({ from, to }) => Math.max(0, ...(window as unknown as BenchWindow).__frames.filter((f) => f.start >= from - 16 && f.start <= to).map((f) => f.duration)),
          { from: clickAt, to: settledAt },
        ),
      );
      summary = await page.getByTestId('number-check-summary').innerText();
      await page.getByTestId('number-check-new-list').click();
      await page.getByTestId('number-check-list-submit').waitFor();
    }
    const worstTask = Math.max(...longTasks);
    const worstFrame = Math.max(...frames);
    console.log(
      [
        `number check in headless Chromium, ${NUMBER_CHECK_MAX.toLocaleString('en')} pasted numbers (${summary.replace(/\s*\n\s*/g, ' ').trim()}):`,
        `  click to the read list on screen: median ${ms(median(reads))}, first run ${ms(reads[0]!)} (runs: ${reads.map(ms).join(', ')}; goal <= 200 ms)`,
        `  longest main-thread task from the click to the results on screen: ${worstTask === 0 ? 'none of 50 ms or more' : ms(worstTask)} in ${RUNS} runs (goal: none over 50 ms)`,
        `  longest animation frame over the same span: ${worstFrame === 0 ? 'none of 50 ms or more' : ms(worstFrame)} in ${RUNS} runs`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Run as a script (not when another script imports `sampleNumberList`). */
const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
