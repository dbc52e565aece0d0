import { TZDate } from '@date-fns/tz';
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ShareLinkCount, ShareLinkDetail } from '../contract/share-links';
import { toastOf, type InviteLinksToast } from './invite-link-notices';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The detail of one invite link (SPEC §3 Invite link; §7 Share links detail/ and count/), a child
 * flow of the invite-links screen (invite-links.machine.ts), which starts it for the link the URL's
 * `?link=` names and stops it when the panel closes.
 *
 * Three regions:
 * - `detail`: the link with its click counts (yesterday, last week, last month, in the person's
 *   time zone), the clicks of each of its links and the funnel (clicks, leads created from those
 *   chats, leads won);
 * - `chart`: the clicks per day of the last CHART_DAYS days, today included, in the person's time
 *   zone (the range is cut by the effect from the clock: `lastDaysRange`);
 * - `copy`: the short link copied to the clipboard (SPEC §8 Copy successful).
 * A failed load offers a retry (`user.retry` retries whichever failed).
 * Tags for the view: detailLoading, detailFailed, chartLoading, chartFailed, copying.
 */

/** SPEC §3: the chart covers the last 30 days (today included). */
export const CHART_DAYS = 30;

export type InviteLinkDetailInput = { id: string; timeZone: string };
export type CountInput = { id: string; timeZone: string; days: number };

export type InviteLinkDetailContext = InviteLinkDetailInput & {
  detail: ShareLinkDetail | null;
  count: ShareLinkCount | null;
};

export type InviteLinkDetailEvent = { type: 'user.retry' } | { type: 'user.copy' };

/**
 * The half-open range `[begin, end)` of the last `days` days in `timeZone`, today included: from
 * the start of the day `days - 1` days ago to the start of tomorrow (DST days are 23 or 25 hours).
 */
export const lastDaysRange = (now: number, timeZone: string, days: number): { beginTime: number; endTime: number } => {
  const today = new TZDate(now, timeZone);
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  return {
    beginTime: new TZDate(y, m, d - (days - 1), 0, 0, 0, 0, timeZone).getTime(),
    endTime: new TZDate(y, m, d + 1, 0, 0, 0, 0, timeZone).getTime(),
  };
};

/** The chart's series: the days' starts (unix ms) and their clicks. */
export const clickSeriesOf = (count: ShareLinkCount | null): { times: number[]; clicks: number[] } => ({
  times: count?.days.map((d) => d.time) ?? [],
  clicks: count?.days.map((d) => d.clicks) ?? [],
});

export const inviteLinkDetailMachine = setup({
  types: {} as {
    context: InviteLinkDetailContext;
    events: InviteLinkDetailEvent;
    input: InviteLinkDetailInput;
    tags: 'detailLoading' | 'detailFailed' | 'chartLoading' | 'chartFailed' | 'copying';
  },
  actors: {
    loadDetail: actorNotProvided<ShareLinkDetail, InviteLinkDetailInput>('loadDetail'),
    loadCount: actorNotProvided<ShareLinkCount, CountInput>('loadCount'),
    copyText: actorNotProvided<void, { text: string }>('copyText'),
  },
  actions: {
    /** Shows a toast (SPEC §8): the toasts service, translated where it shows. */
    notify: actionNotProvided<InviteLinksToast>('notify'),
    keepDetail: assign((_, detail: ShareLinkDetail) => ({ detail })),
    keepCount: assign((_, count: ShareLinkCount) => ({ count })),
  },
  guards: {
    hasDetail: ({ context }) => context.detail !== null,
  },
}).createMachine({
  id: 'inviteLinkDetail',
  meta: { recordable: ['id', 'timeZone', 'detail', 'count'] },
  context: ({ input }) => ({ id: input.id, timeZone: input.timeZone, detail: null, count: null }),
  type: 'parallel',
  states: {
    detail: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['detailLoading'],
          invoke: {
            id: 'loadDetail',
            src: 'loadDetail',
            input: ({ context }) => ({ id: context.id, timeZone: context.timeZone }),
            onDone: { target: 'ready', actions: { type: 'keepDetail', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        ready: {},
        failed: {
          description: 'The link could not be loaded (gone, or a network or server failure); the view offers a retry.',
          tags: ['detailFailed'],
          on: { 'user.retry': 'loading' },
        },
      },
    },
    chart: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['chartLoading'],
          invoke: {
            id: 'loadCount',
            src: 'loadCount',
            input: ({ context }) => ({ id: context.id, timeZone: context.timeZone, days: CHART_DAYS }),
            onDone: { target: 'ready', actions: { type: 'keepCount', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        ready: {},
        failed: {
          description: 'The clicks per day could not be loaded; the view offers a retry.',
          tags: ['chartFailed'],
          on: { 'user.retry': 'loading' },
        },
      },
    },
    copy: {
      initial: 'idle',
      states: {
        idle: { on: { 'user.copy': { guard: 'hasDetail', target: 'copying' } } },
        copying: {
          description: 'The short link goes to the clipboard (SPEC §8 Copy successful).',
          tags: ['copying'],
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.detail!.shortUrl }),
            onDone: { target: 'idle', actions: { type: 'notify', params: toastOf('copied') } },
            onError: { target: 'idle', actions: { type: 'notify', params: toastOf('copyFailed') } },
          },
        },
      },
    },
  },
});

export type InviteLinkDetailActorRef = ActorRefFrom<typeof inviteLinkDetailMachine>;
