import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, dismissGuidanceWhenShown } from './helpers';

/**
 * A real session replays (ARCHITECTURE.md "Model-based tests, inspector, replay"): the demo admin
 * opens the app with `?record` and, in one page, signs in, looks at a member's data through the
 * member selector and comes back to their own, drags a lead to another tab, adds a lead with the
 * form, imports a small file, tags a tab's leads and reads a conversation; the recording the user
 * menu downloads passes `npm run replay` (every actor of the app system replayed, states, tags and
 * recordable context the same), and copies with one state, one event or one recordable field
 * changed fail it.
 */

const root = new URL('../..', import.meta.url).pathname;

/** `npm run replay -- file` as the README runs it: its exit code and what it printed. */
const replay = (file: string) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'replay.ts'), file], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

type Recording = { version: number; actors: { id: string; machine: string; parent?: string; events: { event: { type: string } & Record<string, unknown>; state: { value: unknown; recordable?: Record<string, unknown> } }[] }[] };

const panels = (page: Page) => page.locator('[data-testid^="lead-panel-"]');
const cards = (page: Page) => page.locator('[data-testid^="lead-card-"]');

test('a recorded session through the main journeys replays, and a doctored copy does not', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await dismissGuidanceWhenShown(page);

  // Sign-in, with the recorder on for the whole page (no full reload from here on: the recording lives in the page).
  await page.goto(app('/login?record'));
  await page.getByTestId('login-email').fill('admin@demo.test');
  await page.getByTestId('login-password').fill('demo-admin-pass');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-page')).toBeVisible();

  // The member selector: a member's pipeline, then back to the admin's own.
  await page.getByRole('link', { name: 'Pipeline' }).first().click();
  await expect(page.getByTestId('pipeline-board')).toBeVisible();
  await page.getByTestId('member-selector').click();
  await page.getByRole('option', { name: /Mia Member/ }).click();
  await expect(page.getByTestId('member-selector')).toContainText('Mia Member');
  await expect(cards(page).first()).toBeVisible();
  await page.getByTestId('member-selector').click();
  await page.getByRole('option', { name: /Dana Admin/ }).click();
  await expect(page.getByTestId('member-selector')).toContainText('Dana Admin');
  await expect(cards(page).first()).toBeVisible();

  // A drag: the first lead of the first panel with leads onto the next panel.
  const source = panels(page).filter({ has: cards(page) }).first();
  const sourceId = await source.getAttribute('data-testid');
  const panelIds = await panels(page).evaluateAll((all) => all.map((p) => p.getAttribute('data-testid')));
  const target = page.getByTestId(panelIds.find((id) => id !== sourceId)!);
  const card = source.locator('[data-testid^="lead-card-"]').first();
  const cardId = await card.getAttribute('data-testid');
  await card.dragTo(target.getByRole('list'), { targetPosition: { x: 40, y: 40 } });
  await expect(target.getByTestId(cardId!)).toBeVisible();
  await expect(source.getByTestId(cardId!)).toHaveCount(0);

  // The lead form: a new lead.
  await page.getByTestId('pipeline-add-lead').click();
  await expect(page.getByTestId('lead-form')).toBeVisible();
  await page.getByTestId('lead-form-name').fill('Recorded Session Lead');
  await page.getByTestId('lead-form-save').click();
  await expect(page.getByTestId('lead-form')).toHaveCount(0);
  await expect(page.getByText('Recorded Session Lead', { exact: true })).toBeVisible();

  // An import of two people.
  const dir = mkdtempSync(join(tmpdir(), 'crm-recorded-'));
  const csv = join(dir, 'two.csv');
  writeFileSync(csv, 'Name,Phone\r\nRecorded Import One,+1 415 555 0161\r\nRecorded Import Two,+1 415 555 0162\r\n', 'utf8');
  await page.getByTestId('pipeline-import').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await page.getByTestId('import-file').setInputFiles(csv);
  await expect(page.getByTestId('import-next')).toBeEnabled();
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-next')).toBeEnabled();
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-confirm')).toBeEnabled();
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-done')).toBeVisible();
  await page.getByTestId('import-finish').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);

  // Batch tagging of a tab's leads, from its menu.
  const tagged = panels(page).filter({ has: cards(page) }).first();
  await tagged.locator('[data-testid^="panel-menu-"]').click();
  await page.locator('[data-testid^="panel-tag-leads-"]').first().click();
  await expect(page.getByTestId('batch-tag-dialog')).toBeVisible();
  await page.getByTestId('batch-tag-value').first().click();
  await page.getByTestId('batch-tag-apply').click();
  await expect(page.getByTestId('batch-tag-dialog')).toHaveCount(0);

  // A conversation.
  await page.getByRole('link', { name: 'Conversations' }).first().click();
  await expect(page.getByTestId('chat-list')).toBeVisible();
  await page.getByTestId('chat-list').locator('bdi').first().click();
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await expect(page.getByTestId('chat-loading')).toHaveCount(0);

  // The recording, as QA downloads it.
  await page.getByTestId('user-menu-trigger').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('user-menu-download-recording').click();
  const file = join(dir, 'session.json');
  await (await download).saveAs(file);
  await context.close();

  const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;
  const ids = recording.actors.map((a) => a.id);
  // The app system as one tree: the app-wide actors, the long-lived flows, the screen flows and their children.
  for (const id of ['app', 'gate', 'selectedMember', 'signIn', 'pipeline', 'pipelineFilters', 'leadMoves', 'leadForm', 'importWizard', 'batchTag', 'conversations', 'chatView']) {
    expect(ids.some((x) => x === id || x.startsWith(`${id}#`) || recording.actors.some((a) => a.machine === id)), `actor or machine '${id}' in ${ids.join(', ')}`).toBe(true);
  }
  const events = recording.actors.flatMap((a) => a.events.map((e) => e.event.type));
  for (const type of ['member.selected', 'route.shown', 'user.moveLead', 'user.change', 'user.apply']) expect(events, type).toContain(type);
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain('demo-admin-pass');

  // The recording replays: every actor, every state the same.
  const passed = replay(file);
  expect(passed.output).toMatch(/^OK: \d+ actors, \d+ events replayed, every state the same$/m);
  expect(passed.status).toBe(0);

  // One state changed: the replay fails at it.
  const doctor = (name: string, change: (r: Recording) => void) => {
    const copy = JSON.parse(text) as Recording;
    change(copy);
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify(copy));
    return replay(path);
  };
  // The move queue (a child of the pipeline, which forwards each drop to it).
  const moves = (r: Recording) => r.actors.find((a) => a.machine === 'leadMoves' && a.events.some((e) => e.event.type === 'user.moveLead'))!;
  const stateChanged = doctor('state', (r) => {
    const actor = moves(r);
    const at = actor.events.findIndex((e) => e.event.type === 'user.moveLead');
    actor.events[at]!.state.value = 'somewhereElse';
  });
  expect(stateChanged.status).toBe(1);
  expect(stateChanged.output).toMatch(/MISMATCH actor '[^']+' \(machine leadMoves\) event #\d+ user\.moveLead: expected "somewhereElse"/);

  // One event changed (the move goes to the tab it came from, which the queue ignores, SPEC §4): it fails too.
  const eventChanged = doctor('event', (r) => {
    const actor = moves(r);
    const move = actor.events.find((e) => e.event.type === 'user.moveLead')!;
    move.event.toTabId = move.event.fromTabId;
  });
  expect(eventChanged.status).toBe(1);
  expect(eventChanged.output).toMatch(/MISMATCH actor '[^']+' \(machine leadMoves\)/);

  // One recordable context field changed (the route the app shows): it fails as well.
  const contextChanged = doctor('context', (r) => {
    const appActor = r.actors.find((a) => a.id === 'app')!;
    const shown = appActor.events.find((e) => e.event.type === 'route.shown')!;
    shown.state.recordable = { ...shown.state.recordable, screen: '/nowhere' };
  });
  expect(contextChanged.status).toBe(1);
  expect(contextChanged.output).toMatch(/MISMATCH actor 'app'/);
});
