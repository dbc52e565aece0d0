/**
 * Chromium with the built companion extension loaded (dist-extension/, made by
 * `node scripts/build-extension.mjs`, which `npm run build` runs), for the journeys that need the
 * extension: a persistent profile in a temporary directory (Chrome loads extensions only into
 * one), the extension's id checked against the known unpacked id, and helpers to drive its chat
 * page and to message it from a workspace page as the app does (SPEC §7 Extension messaging).
 *
 *   const ext = await launchWithExtension();
 *   const chat = await openChatPage(ext);
 *   await logInChatPage(chat, '14155550100');
 *   const reply = await messageExtension(crmPage, ext.extensionId, 'fetchLoginInfo', { userId, email });
 *   await ext.close();
 */
import { chromium, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KNOWN_EXTENSION_IDS } from '../../src/contract/extension';

const root = new URL('../..', import.meta.url).pathname;

/** The built extension: EXTENSION_DIR, else dist-extension/ at the repository's root. */
export const extensionDir = (): string => process.env.EXTENSION_DIR ?? join(root, 'dist-extension');

/** The unpacked build's id (its manifest's fixed key). */
export const EXTENSION_ID = KNOWN_EXTENSION_IDS[1];

/** The flags that keep Chromium quiet on a closed network (as in playwright.config.ts). */
const QUIET_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export type ExtensionSession = {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** chrome-extension://<id>/chat.html */
  chatPageUrl: string;
  /** Closes the browser and removes its profile. */
  close: () => Promise<void>;
};

export type LaunchOptions = {
  locale?: string;
  viewport?: { width: number; height: number };
  /**
   * The client address the pages come from (X-Forwarded-For, which the e2e server trusts from
   * loopback): a journey that signs up comes as an address of its own, since sign-ups are limited
   * per address and the journeys together sign up more than one address may.
   */
  clientAddress?: string;
};

/** Launches Chromium with the extension and waits for its service worker. */
export async function launchWithExtension(options: LaunchOptions = {}): Promise<ExtensionSession> {
  const dir = extensionDir();
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`build the extension first (node scripts/build-extension.mjs): ${dir}`);
  const profile = mkdtempSync(join(tmpdir(), 'crm-ext-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.clientAddress ? { extraHTTPHeaders: { 'x-forwarded-for': options.clientAddress } } : {}),
    args: [...QUIET_FLAGS, `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
  });
  try {
    const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    const extensionId = new URL(serviceWorker.url()).host;
    if (extensionId !== EXTENSION_ID) throw new Error(`the extension loaded with id ${extensionId}, not the known ${EXTENSION_ID} (its manifest key changed?)`);
    return {
      context,
      extensionId,
      serviceWorker,
      chatPageUrl: `chrome-extension://${extensionId}/chat.html`,
      close: async () => {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

/** Opens the chat page in a new tab (`lang`: en, zh-CN or ar). */
export async function openChatPage(session: ExtensionSession, lang?: string): Promise<Page> {
  const page = await session.context.newPage();
  await page.goto(lang ? `${session.chatPageUrl}?lang=${lang}` : session.chatPageUrl);
  return page;
}

/** Logs the chat page in with a number and waits for its chat list. */
export async function logInChatPage(page: Page, number: string): Promise<void> {
  await page.getByTestId('chat-login-number').fill(number);
  await page.getByTestId('chat-login-submit').click();
  await expect(page.getByTestId('chat-list')).toBeVisible();
  await expect(page.getByTestId('chat-item').first()).toBeVisible();
}

/** The chat page tab of the context, if one is open. */
export const findChatPage = (session: ExtensionSession): Page | undefined =>
  session.context.pages().find((p) => p.url().startsWith(session.chatPageUrl));

/**
 * Sends `{sender: 'crm-web', target: 'background', type, payload}` from `page` (a workspace page
 * on an origin the extension lists) with `chrome.runtime.sendMessage(id, ...)`, as the app's
 * bridge does, and returns the reply; `{ noAnswer }` when the extension did not answer.
 * `message` replaces the whole message (to send what the app never would).
 */
export async function messageExtension(page: Page, extensionId: string, type: string, payload?: unknown, message?: unknown): Promise<unknown> {
  const sent = message ?? (payload === undefined ? { sender: 'crm-web', target: 'background', type } : { sender: 'crm-web', target: 'background', type, payload });
  return page.evaluate(
    ([id, msg]) =>
      new Promise((resolve) => {
        const runtime = (globalThis as unknown as { chrome?: { runtime?: { sendMessage: (id: string, m: unknown, cb: (r: unknown) => void) => void; lastError?: { message?: string } } } }).chrome?.runtime;
        if (!runtime) {
          resolve({ noAnswer: 'chrome.runtime is not available on this page' });
          return;
        }
        runtime.sendMessage(id, msg, (reply) => {
          const error = runtime.lastError;
          resolve(error ? { noAnswer: error.message ?? 'no answer' } : reply === undefined ? { noAnswer: 'undefined' } : reply);
        });
      }),
    [extensionId, sent] as const,
  );
}
