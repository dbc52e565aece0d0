import { defineConfig } from '@playwright/test';

/** End-to-end journeys in Debian's Chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './global-setup.ts',
  reporter: [['list'], ['json']],
  outputDir: '../../test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
