/**
 * The template centre's view tests run the real app against the real server (the Hono app on an
 * in-memory database with the team world: tests/ui/members/team-server.tsx). This signs a person
 * in and renders a template-centre path, with an upload service that sends the bytes to the same
 * server (the embedded disk store's signed URLs) and reports their progress.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { createMemoryBackend, createStorage, type AppStorage } from '../../../src/services/storage';
import type { Uploads } from '../../../src/services/uploads';
import { renderApp } from '../harness';
import type { TeamServer } from '../members/team-server';
import { following, serverApi, type Overrides } from '../server-worker';
import type { Person } from '../../server/support/team-world';

export type RenderTemplatesOptions = {
  as?: Person;
  storage?: Record<string, string>;
  overrides?: Overrides;
  /** The page's test id to wait for (and its list to settle); none: do not wait. */
  page?: string | null;
  /** Holds an upload's bytes back until `release()` (to look at the form while a file uploads). */
  holdUploads?: boolean;
};

/** An upload service that PUTs to the server through its fetch (a text file's bytes survive the worker's text body). */
const serverUploads = (server: TeamServer, hold: Promise<void> | null): Uploads => ({
  put: async ({ url, method, headers, file, onProgress, signal }) => {
    onProgress(0, file.size);
    if (hold) await hold;
    if (signal.aborted) throw new DOMException('The upload was cancelled', 'AbortError');
    const response = await server.fetch(new URL(url, 'http://test').toString(), { method, headers, body: await file.text() });
    if (!response.ok) throw new Error(`The store refused the upload (${response.status})`);
    onProgress(file.size, file.size);
  },
});

/** Lays the world out again, signs `as` in (the admin by default) and renders the app at `path`. */
export async function renderTemplates(server: TeamServer, path: string, options: RenderTemplatesOptions = {}) {
  const world = await server.reset();
  const person = world.who[options.as ?? 'admin'];
  const items = { accessToken: person.accessToken, ...options.storage };
  let appStorage: AppStorage = createStorage(createMemoryBackend(items));
  const api = serverApi(
    server.fetch,
    following(() => appStorage),
    options.overrides,
  );
  let release: () => void = () => undefined;
  const hold = options.holdUploads
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : null;
  const app = await renderApp({
    path,
    api,
    storage: items,
    uploads: serverUploads(server, hold),
    beforeRender: (_shell, storage) => {
      appStorage = storage;
    },
  });
  const pageId = options.page === undefined ? null : options.page;
  let page: HTMLElement | null = null;
  if (pageId !== null) {
    page = await screen.findByTestId(pageId, {}, { timeout: 10_000 });
    await waitFor(() => expect(page!.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
  }
  return { app, api, world, bodies: api.bodies, page: page as HTMLElement, release: () => release() };
}

/** The cells of a row as a person reads them (buttons' labels joined by '|', a switch as its state). */
export const cellsOf = (row: HTMLElement): string[] =>
  Array.from(row.querySelectorAll('td')).map((td) => {
    const buttons = td.querySelectorAll('button');
    if (buttons.length > 0 && td.querySelector('[role=switch]') === null) return Array.from(buttons, (b) => (b.textContent ?? '').trim()).join('|');
    return (td.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/** Opens an Ark select by its trigger and picks the option with this visible label. */
export async function chooseOption(user: { click: (el: Element) => Promise<void>; pointer: (a: { keys: string; target: Element }) => Promise<void> }, triggerTestId: string, label: string): Promise<void> {
  const trigger = screen.getByTestId(triggerTestId);
  await user.click(trigger);
  await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
  const listbox = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error(`no listbox for ${triggerTestId}`);
  const option = Array.from(listbox.querySelectorAll<HTMLElement>('[role="option"]')).find((o) => o.textContent?.trim() === label);
  if (!option) throw new Error(`no option ${label} in ${triggerTestId}`);
  await user.pointer({ keys: '[MouseLeft>]', target: option });
  await user.click(option);
}
