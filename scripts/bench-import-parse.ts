/**
 * The import wizard in headless Chromium (figures only, never asserted): a 100,000-row CSV file
 * (scripts/bench-import.ts's, about 11 MB) is chosen in the pipeline's import dialog as the demo
 * admin, on a real server over a fresh embedded database with the demo data.
 *
 * - Parse: from the file input's change to the wizard's Next being enabled (the worker has read,
 *   decoded, parsed and summarised the file; parse-client.ts, parse.worker.ts).
 * - Row check: from the click on Next on the mapping step to the review's row warning (the worker
 *   has checked every row by the SPEC §5 rules under the mapping; it checks the starting mapping
 *   while the mapping shows, so this is mostly the answer's way to the screen).
 * - Bare: papaparse parsing the same file on the page's thread, in the same page, right after:
 *   `Papa.parse(file)`, papaparse's own way to parse a file in a browser, reading it included, as
 *   the wizard's figure includes reading it; the median of 3 runs.
 *   Goal: parse and row check together within 2x of the bare parse.
 * - Stricter (no goal): papaparse parsing the file's text already in memory on the page's thread
 *   (no reading at all), the median of 3, the first run (the engine not yet warm) printed beside it.
 *   The two bare parses alternate, so a change in the machine's speed meets both alike.
 * - For comparison (no goal): bare papaparse in a fresh worker sent the same file, reading it with
 *   Blob.text() and parsing it, the median of 3. It shows what reading a file and parsing it in a
 *   new worker costs with nothing of ours: a fresh worker's heap is small, so its first large parse
 *   pays more garbage collection than a warm page's thread.
 * Moments on the page are taken when the DOM changes (a MutationObserver), not by polling every
 * frame, which would keep the page drawing while the worker works.
 * - Longest main-thread task (PerformanceObserver 'longtask', which reports tasks of 50 ms and
 *   more) from choosing the file to the import's outcome on screen, the server's check and import
 *   included. Goal: no task over 50 ms.
 *
 * BENCH_IMPORT_PARSE_ROWS changes the 100,000 rows. Serves ./dist (or DIST_DIR).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { demoUsers } from './seed-demo';
import { importSampleCsv } from './bench-import';
import { benchContext, launchBenchBrowser, longestTask, signInOnPage } from './bench-browser';
import { startServer } from './bench-support';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROWS = Number(process.env.BENCH_IMPORT_PARSE_ROWS ?? 100_000);

type ParseResult = { data: unknown[] };
type Win = {
  __changedAt: number | null;
  __clickAt: number | null;
  __file: File | null;
  Papa: { parse(text: string, options: object): ParseResult; parse(file: File, options: { complete(result: ParseResult): void; error?(error: Error): void }): void };
};

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** The page's clock when `ready` first holds, checked on every change of the DOM. */
const whenOnPage = (page: Page, selector: string, enabled: boolean, timeout = 300_000) =>
  page.evaluate(
    ({ s, enabled, timeout }) =>
      new Promise<number>((resolve, reject) => {
        const ready = () => {
          const el = document.querySelector(s) as HTMLButtonElement | null;
          return el !== null && (!enabled || (!el.disabled && !el.hasAttribute('data-disabled')));
        };
        if (ready()) return resolve(performance.now());
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true });
        setTimeout(() => reject(new Error(`${s} did not show within ${timeout} ms`)), timeout);
      }),
    { s: selector, enabled, timeout },
  );
const enabledAt = (page: Page, selector: string) => whenOnPage(page, selector, true);

/** The page's clock when the Next button, disabled while the file is read, is enabled again. */
const nextEnabledAfterParse = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let wasBusy = false;
        const observer = new MutationObserver(() => {
          const next = document.querySelector('[data-testid="import-next"]') as HTMLButtonElement | null;
          const enabled = next !== null && !next.disabled && !next.hasAttribute('data-disabled');
          if (!enabled) wasBusy = true;
          else if (wasBusy) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true });
      }),
  );
const visibleAt = (page: Page, selector: string) => whenOnPage(page, selector, false);

const main = async () => {
  const text = importSampleCsv(ROWS);
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-parse-'));
  const file = join(dir, 'people.csv');
  writeFileSync(file, text, 'utf8');
  const megabytes = Buffer.byteLength(text) / 1024 / 1024;
  const env = { DATA_DIR: join(dir, 'db'), DATABASE_URL: '' };
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'seed-demo.ts')], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  const server = await startServer(env);
  const browser = await launchBenchBrowser();
  try {
    // The bare parse below adds papaparse to the page as a script tag, which the app's CSP refuses
    // (it allows only its own scripts); the worker measured here is loaded the same either way.
    const context = await benchContext(browser, { bypassCSP: true });
    // The moments the file is chosen and Next is clicked.
    await context.addInitScript(() => {
      const w = window as unknown as Win;
      w.__changedAt = null;
      w.__clickAt = null;
      w.__file = null;
      document.addEventListener(
        'change',
        (event) => {
          w.__changedAt ??= performance.now();
          w.__file ??= (event.target as HTMLInputElement).files?.[0] ?? null;
        },
        { capture: true },
      );
      document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true });
    });
    const page = await context.newPage();
    const admin = demoUsers[0]!;
    await signInOnPage(page, server.url, admin);
    await page.goto(`${server.url}/crm/pipeline`);
    await page.getByTestId('pipeline-board').waitFor({ timeout: 30_000 });
    await page.getByTestId('pipeline-import').click();
    await page.getByTestId('import-file').waitFor();
    // A person chooses the file after the dialog has finished opening (its animations), not during it.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

    const parsedOnPage = nextEnabledAfterParse(page);
    await page.getByTestId('import-file').setInputFiles(file);
    const parsed = await parsedOnPage;
    const start = await page.evaluate(() => (window as unknown as Win).__changedAt!);
    await page.getByTestId('import-next').click();
    await enabledAt(page, '[data-testid="import-next"]');
    await page.evaluate(() => ((window as unknown as Win).__clickAt = null));
    const warned = visibleAt(page, '[data-testid="import-warning"]');
    await page.getByTestId('import-next').click();
    const checkedRows = await warned;
    const reviewAt = await page.evaluate(() => (window as unknown as Win).__clickAt!);
    const serverChecked = await enabledAt(page, '[data-testid="import-confirm"]');
    await page.getByTestId('import-confirm').click();
    const confirmAt = await page.evaluate(() => performance.now());
    const done = await visibleAt(page, '[data-testid="import-done"]');
    const longest = await longestTask(page, start, done);

    // The bare parses on the page's thread: papaparse reading and parsing the chosen file, and
    // papaparse parsing its text already in memory (its best case), taking turns.
    const require = createRequire(import.meta.url);
    await page.addScriptTag({ path: require.resolve('papaparse/papaparse.min.js') });
    const bareFile: number[] = [];
    const bareText: number[] = [];
    for (let i = 0; i < 3; i++) {
      bareFile.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const file = (window as unknown as Win).__file;
              if (!file) throw new Error('the chosen file was not kept');
              const t0 = performance.now();
              (window as unknown as Win).Papa.parse(file, {
                skipEmptyLines: 'greedy',
                complete: (result: ParseResult) => {
                  const t = performance.now() - t0;
                  if (result.data.length < 2) reject(new Error('papaparse read nothing'));
                  else resolve(t);
                },
                error: reject,
              } as { complete(result: ParseResult): void; error(error: Error): void });
            }),
        ),
      );
      bareText.push(
        await page.evaluate((csv) => {
          const t0 = performance.now();
          const result = (window as unknown as Win).Papa.parse(csv, { skipEmptyLines: 'greedy' });
          const t = performance.now() - t0;
          if (result.data.length < 2) throw new Error('papaparse read nothing');
          return t;
        }, text),
      );
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    const bareMs = median(bareFile);
    const bareTextMs = median(bareText);

    // For comparison, the same job with nothing of ours: papaparse in a fresh worker (started a
    // moment before, as the wizard starts its own), sent the chosen file, reading it with
    // Blob.text() and parsing it; timed from the page, the messages' way included.
    const papaSource = readFileSync(require.resolve('papaparse/papaparse.min.js'), 'utf8');
    const inWorker: number[] = [];
    for (let i = 0; i < 3; i++) {
      inWorker.push(
        await page.evaluate(async (source) => {
          const file = (window as unknown as Win).__file;
          if (!file) throw new Error('the chosen file was not kept');
          // Assigned after papaparse's own handler (it takes a blob: worker for one of its own).
          const script = `${source}\nonmessage = async (e) => { const text = await e.data.text(); postMessage(Papa.parse(text, { skipEmptyLines: 'greedy' }).data.length); };`;
          const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
          const worker = new Worker(url);
          await new Promise((r) => setTimeout(r, 1000));
          const t0 = performance.now();
          const rows = await new Promise<number>((resolve) => {
            worker.onmessage = (event: MessageEvent<number>) => resolve(event.data);
            worker.postMessage(file);
          });
          const t = performance.now() - t0;
          worker.terminate();
          URL.revokeObjectURL(url);
          if (rows < 2) throw new Error('papaparse in the worker read nothing');
          return t;
        }, papaSource),
      );
    }
    const inWorkerMs = median(inWorker);
    const parseMs = parsed - start;
    const checkMs = checkedRows - reviewAt;
    console.log(
      [
        `import wizard in headless Chromium, ${ROWS.toLocaleString('en')} rows (${megabytes.toFixed(1)} MB CSV):`,
        `  parse in the worker: ${ms(parseMs)}; row check in the worker: ${ms(checkMs)}; together ${ms(parseMs + checkMs)}`,
        `  bare papaparse parsing the same file on the page's thread, reading included (median of 3): ${ms(bareMs)}; ratio ${((parseMs + checkMs) / bareMs).toFixed(2)} (goal <= 2)`,
        `  stricter, bare papaparse on the file's text already in memory (median of 3): ${ms(bareTextMs)} (first run ${ms(bareText[0]!)}); ratio ${((parseMs + checkMs) / bareTextMs).toFixed(2)}`,
        `  for comparison, bare papaparse in a fresh worker reading the same file (median of 3): ${ms(inWorkerMs)}; the wizard's parse and check ${((parseMs + checkMs) / inWorkerMs).toFixed(2)}x that`,
        `  longest main-thread task from choosing the file to the outcome on screen: ${longest === 0 ? 'none of 50 ms or more' : ms(longest)} (goal <= 50 ms)`,
        `  server check as the wizard saw it: ${ms(serverChecked - checkedRows)}; import: ${ms(done - confirmAt)}`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
