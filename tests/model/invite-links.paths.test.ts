/**
 * Generated path tests of the invite links screen (SPEC §2 /invite-link/:id; §3 Invite link; §7
 * Share links; §8 toasts; §9 page size 20) and its detail child. Every state and transition is
 * reached, and each step runs exactly the calls it should, with the values written out: the page of
 * the type on screen (20 a page, in the person's time zone), the dialog started with the link, the
 * delete of the link the person confirmed, the detail of the link the URL names, the URL written
 * (a tab, a detail opened or closed; replaced when the screen corrects it), the clipboard and the
 * toasts. Beside the paths: how the screen reads its URL, and the chart's range of days.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { ShareLink, ShareLinkCount, ShareLinkDetail } from '../../src/contract/share-links';
import { inviteLinkDetailMachine, lastDaysRange } from '../../src/machines/invite-link-detail.machine';
import { inviteLinksMachine, inviteLinksRouteOf, type InviteLinksContext } from '../../src/machines/invite-links.machine';
import { actionRan, actorRan, enters, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const failure = new Error('Network error');
const ZONE = 'Asia/Shanghai';
const spring: ShareLink = {
  id: 'l1',
  type: 'group',
  name: 'Spring',
  links: ['https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrSt12', 'https://chat.whatsapp.com/ZyXwVuTsRqPoNmLkJiHg98'],
  distribution: 'roundRobin',
  linkCount: 2,
  code: 'abc123',
  shortUrl: 'https://crm.test/l/abc123',
  clicks: { yesterday: 1, lastWeek: 3, lastMonth: 9 },
  createdAt: 1,
  updatedAt: 1,
};
const viewer = { userId: 'u1', email: 'a@x.test', role: 'admin' as const, realRole: 'admin' as const, workspaceId: 'w1' };
const routeShown = (pathname: string, search = ''): PathEvent => ({ type: 'route.shown', pathname, search, viewer });

// ---- The screen flow ----------------------------------------------------------------------------

const screen = (s: AnyMachineSnapshot) => s.context as InviteLinksContext;
const regions = (s: AnyMachineSnapshot) => s.value as { list: string; overlay: string; copy: string };

/**
 * The events tried in a state: the answers of what runs, and what the person does once the page is
 * on screen with no dialog open (a smaller graph than every event everywhere, reaching every state
 * and transition all the same).
 */
const screenEvents = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = screen(s);
  const { list, overlay, copy } = regions(s);
  const out: PathEvent[] = [];
  if (list === 'loading') {
    out.push({ type: 'xstate.done.actor.loadPage', output: { items: [spring], total: 1 } }, { type: 'xstate.error.actor.loadPage', error: failure });
    if (c.loadingPage > 1) out.push({ type: 'xstate.done.actor.loadPage', output: { items: [], total: 21 } });
  }
  if (list === 'failed') out.push({ type: 'user.retry' });
  if (overlay === 'form')
    out.push(
      { type: 'xstate.done.actor.inviteLinkForm', output: { kind: 'added', link: spring } },
      { type: 'xstate.done.actor.inviteLinkForm', output: { kind: 'edited', link: spring } },
      { type: 'xstate.done.actor.inviteLinkForm', output: null },
      { type: 'xstate.error.actor.inviteLinkForm', error: failure },
      { type: 'member.selected', userId: 'u2' },
    );
  if (overlay === 'confirmDelete') out.push({ type: 'user.confirm' }, { type: 'user.cancel' }, { type: 'member.selected', userId: 'u2' });
  if (overlay === 'deleting')
    out.push(
      { type: 'xstate.done.actor.deleteLink', output: { ok: true } },
      { type: 'xstate.done.actor.deleteLink', output: { ok: false, code: Code.NOT_FOUND, message: 'No such invite link' } },
      { type: 'xstate.error.actor.deleteLink', error: failure },
    );
  if (overlay === 'detail') out.push({ type: 'user.closeDetails' }, { type: 'member.selected', userId: 'u2' }, routeShown(`/invite-link/${c.type}`));
  if (copy === 'copying') out.push({ type: 'xstate.done.actor.copyText' }, { type: 'xstate.error.actor.copyText', error: failure });
  if (list === 'ready' && overlay === 'none' && copy === 'idle') {
    out.push(
      { type: 'user.add' },
      { type: 'user.edit', link: spring },
      { type: 'user.delete', link: spring },
      { type: 'user.details', id: 'l1' },
      { type: 'user.copy', url: spring.shortUrl },
      { type: 'member.selected', userId: 'u2' },
      routeShown(`/invite-link/${c.type}`, '?link=l1'),
      routeShown('/invite-link/foo'),
    );
    if (c.page === 1) out.push({ type: 'user.page', page: 2 });
    if (c.type === 'group') out.push({ type: 'user.tab', tab: 'chat' }, { type: 'user.tab', tab: 'group' }, routeShown('/invite-link/chat'));
    if (c.type === 'chat') out.push(routeShown('/invite-link/group'), routeShown('/v2/home'));
  }
  return out;
};

const loadOf = (type: string, pageNo: number) => actorRan('loadPage', { type, pageNo, pageSize: 20, timeZone: ZONE });
const urlShown = (url: string, replace: boolean) => actionRan('showUrl', { url, replace });

const screenEffects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  const out: Effect[] = [];
  const a = screen(after);
  // Whatever starts a load, a detail or a dialog, as the state entered says.
  const loads = enters(step, 'inviteLinks.list.loading') || (before !== null && regions(before).list === 'loading' && regions(after).list === 'loading' && event.type !== 'xstate.error.actor.copyText' && event.type !== 'xstate.done.actor.copyText' && startsLoad(event));
  if (loads) out.push(loadOf(a.type, a.loadingPage));
  if (enters(step, 'inviteLinks.overlay.detail')) out.push(actorRan('inviteLinkDetail', { id: a.detailId, timeZone: ZONE }));
  if (!before) {
    if (step.variant === 'misspelt') out.push(urlShown('/invite-link/group?link=l1', true));
    return out;
  }
  const b = screen(before);
  switch (event.type) {
    case 'user.tab':
      return [...out, urlShown(`/invite-link/${String(event.tab)}`, false)];
    case 'user.add':
      return [actorRan('inviteLinkForm', { type: b.type, link: null })];
    case 'user.edit':
      return [actorRan('inviteLinkForm', { type: b.type, link: spring })];
    case 'user.confirm':
      return [actorRan('deleteLink', { id: 'l1' })];
    case 'user.details':
      return [...out, urlShown(`/invite-link/${b.type}?link=l1`, false)];
    case 'user.closeDetails':
      return [urlShown(`/invite-link/${b.type}`, false)];
    case 'user.copy':
      return [actorRan('copyText', { text: 'https://crm.test/l/abc123' })];
    case 'member.selected':
      return regions(before).overlay === 'detail' ? [...out, urlShown(`/invite-link/${b.type}`, true)] : out;
    case 'route.shown':
      return event.pathname === '/invite-link/foo' ? [...out, urlShown('/invite-link/group', true)] : out;
    case 'xstate.done.actor.inviteLinkForm': {
      const output = event.output as { kind: string } | null;
      return output ? [...out, actionRan('notify', { kind: output.kind, message: null })] : out;
    }
    case 'xstate.done.actor.deleteLink':
      return (event.output as { ok: boolean }).ok
        ? [...out, actionRan('notify', { kind: 'deleted', message: null })]
        : [actionRan('notify', { kind: 'deleteFailed', message: 'No such invite link' })];
    case 'xstate.error.actor.deleteLink':
      return [actionRan('notify', { kind: 'deleteFailed', message: null })];
    case 'xstate.done.actor.copyText':
      return [actionRan('notify', { kind: 'copied', message: null })];
    case 'xstate.error.actor.copyText':
      return [actionRan('notify', { kind: 'copyFailed', message: null })];
    default:
      return out;
  }
};

/** Events that start the list's load again while one runs (a new load replaces it). */
const startsLoad = (event: PathEvent): boolean =>
  ['user.tab', 'user.page', 'member.selected', 'route.shown', 'xstate.done.actor.inviteLinkForm', 'xstate.done.actor.deleteLink', 'xstate.done.actor.loadPage'].includes(event.type);

machinePathSuite('invite links screen machine paths', inviteLinksMachine, {
  events: screenEvents,
  effects: screenEffects,
  variants: [
    { name: 'group', input: { route: { type: 'group', linkId: null, canonical: true }, timeZone: ZONE } },
    { name: 'misspelt', input: { route: { type: 'group', linkId: 'l1', canonical: false }, timeZone: ZONE } },
  ],
  serializeContext: (c) => ({ type: c.type, fixUrl: c.fixUrl, page: c.page, loadingPage: c.loadingPage, total: c.total, target: c.target?.id ?? null, detailId: c.detailId }),
});

describe('invite links screen rules', () => {
  it('reads its URL: the type of the list, the detail named, and whether it is the screen’s own spelling', () => {
    expect(inviteLinksRouteOf({ pathname: '/invite-link/chat', search: '' })).toEqual({ type: 'chat', linkId: null, canonical: true });
    expect(inviteLinksRouteOf({ pathname: '/invite-link/group', search: '?link=l%201' })).toEqual({ type: 'group', linkId: 'l 1', canonical: true });
    expect(inviteLinksRouteOf({ pathname: '/invite-link/foo', search: '?link=l1' })).toEqual({ type: 'group', linkId: 'l1', canonical: false });
    expect(inviteLinksRouteOf({ pathname: '/invite-link/chat/x', search: '' })).toEqual({ type: 'chat', linkId: null, canonical: false });
    expect(inviteLinksRouteOf({ pathname: '/invite-links/chat', search: '' })).toBeNull();
    expect(inviteLinksRouteOf(null)).toBeNull();
  });
});

// ---- The detail child ---------------------------------------------------------------------------

const detail: ShareLinkDetail = { ...spring, perLink: [{ url: spring.links[0]!, clicks: 5 }, { url: spring.links[1]!, clicks: 4 }], funnel: { clicks: 9, leads: 3, won: 1 } };
const count: ShareLinkCount = { days: [{ day: '2024-05-01', time: 1714492800000, clicks: 2 }], total: 2, funnel: { clicks: 2, leads: 1, won: 0 } };

const detailEffects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (!before) return [actorRan('loadDetail', { id: 'l1', timeZone: ZONE }), actorRan('loadCount', { id: 'l1', timeZone: ZONE, days: 30 })];
  const value = before.value as { detail: string; chart: string };
  switch (event.type) {
    case 'user.retry':
      return [
        ...(value.detail === 'failed' ? [actorRan('loadDetail', { id: 'l1', timeZone: ZONE })] : []),
        ...(value.chart === 'failed' ? [actorRan('loadCount', { id: 'l1', timeZone: ZONE, days: 30 })] : []),
      ];
    case 'user.copy':
      return [actorRan('copyText', { text: 'https://crm.test/l/abc123' })];
    case 'xstate.done.actor.copyText':
      return [actionRan('notify', { kind: 'copied', message: null })];
    case 'xstate.error.actor.copyText':
      return [actionRan('notify', { kind: 'copyFailed', message: null })];
    default:
      return [];
  }
};

machinePathSuite('invite link detail machine paths', inviteLinkDetailMachine, {
  events: [
    { type: 'user.retry' },
    { type: 'user.copy' },
    { type: 'xstate.done.actor.loadDetail', output: detail },
    { type: 'xstate.error.actor.loadDetail', error: failure },
    { type: 'xstate.done.actor.loadCount', output: count },
    { type: 'xstate.error.actor.loadCount', error: failure },
    { type: 'xstate.done.actor.copyText' },
    { type: 'xstate.error.actor.copyText', error: failure },
  ],
  effects: detailEffects,
  input: { id: 'l1', timeZone: ZONE },
  serializeContext: (c) => ({ detail: c.detail !== null, count: c.count !== null }),
});

describe('the detail chart’s days', () => {
  it('covers the last 30 days up to the end of today in the person’s time zone', () => {
    // 2024-05-30 20:00 UTC is 2024-05-31 04:00 in Shanghai (UTC+8).
    const now = Date.UTC(2024, 4, 30, 20, 0);
    expect(lastDaysRange(now, 'Asia/Shanghai', 30)).toEqual({ beginTime: Date.UTC(2024, 4, 1, 16, 0), endTime: Date.UTC(2024, 4, 31, 16, 0) });
    expect(lastDaysRange(now, 'UTC', 30)).toEqual({ beginTime: Date.UTC(2024, 4, 1), endTime: Date.UTC(2024, 4, 31) });
  });

  it('counts a daylight-saving day as the day it is', () => {
    // New York moved its clocks forward on 2024-03-10: that day has 23 hours.
    const now = Date.UTC(2024, 2, 10, 18, 0);
    const range = lastDaysRange(now, 'America/New_York', 2);
    expect(range).toEqual({ beginTime: Date.UTC(2024, 2, 9, 5, 0), endTime: Date.UTC(2024, 2, 11, 4, 0) });
  });
});
