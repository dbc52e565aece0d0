import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import { SHARE_LINKS_PAGE_SIZE, shareLinkTypes, type ShareLink, type ShareLinkType } from '../contract/share-links';
import { networkError, refusalOf, type Outcome } from './answer';
import { inviteLinkDetailMachine } from './invite-link-detail.machine';
import { inviteLinkFormMachine, type InviteLinkFormResult } from './invite-link-form.machine';
import { deleteFailedToast, toastOf, type InviteLinksToast } from './invite-link-notices';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { routeParam, type RouteFacts, type RouteShownEvent } from './route-facts';

/**
 * The invite links screen (SPEC §2 /invite-link/:id, hidden from the menu; §3 Invite link; §5;
 * §7 Share links; §8 toasts; §9 page size 20), a screen flow the app system starts while the route
 * is on screen, for the member whose data is on screen (the caller's own, or the member an admin
 * chose in the member selector: the API client sends the source-user header).
 *
 * The route: `/invite-link/:id` where `:id` is the list's type, `group` or `chat` (the screen's two
 * tabs); any other value shows the group list and replaces the URL with /invite-link/group. A link's
 * detail opens in a dialog named by `?link=<id>`, so it can be deep-linked and Back closes it. The
 * flow follows the URL (`route.shown`: Back, a bookmark, its own writes) and writes it when the
 * person changes tab or opens or closes a detail (`showUrl`), never a view.
 *
 * Three regions:
 * - `list`: the page of links of the type on screen (SHARE_LINKS_PAGE_SIZE a page), with the click
 *   counts in the person's time zone. A new load replaces the running one. A page left empty by a
 *   deletion falls back to the last page with rows. Another member chosen (`member.selected`)
 *   loads page 1 of their links.
 * - `overlay`: one dialog at a time: `form`, the add / edit dialog (invite-link-form.machine.ts, a
 *   child flow, reacted to when it ends: Add / Edit successful and the list again); `confirmDelete`
 *   then `deleting` (Delete successful, or failed with the server's words); `detail`, the link's
 *   detail (invite-link-detail.machine.ts, a child flow, stopped when the dialog closes).
 * - `copy`: a row's short link copied to the clipboard (SPEC §8 Copy successful).
 * Tags for the view: busy, loading, loadFailed, form, confirmDelete, detail, copying.
 */

export const INVITE_LINKS_PATH = '/invite-link';

/** The screen's URL for a list type and an open detail. */
export const inviteLinksUrl = (type: ShareLinkType, linkId: string | null): string =>
  `${INVITE_LINKS_PATH}/${type}${linkId === null ? '' : `?link=${encodeURIComponent(linkId)}`}`;

/** What the URL says: the list type, the link whose detail is open, and whether the path was one of the screen's own. */
export type InviteLinksRoute = { type: ShareLinkType; linkId: string | null; canonical: boolean };

const isType = (value: string | undefined): value is ShareLinkType => (shareLinkTypes as readonly string[]).includes(value ?? '');

/** The screen's reading of a route; null for a route of another screen. */
export const inviteLinksRouteOf = (route: Pick<RouteFacts, 'pathname' | 'search'> | null): InviteLinksRoute | null => {
  if (!route) return null;
  const [first, id, ...rest] = route.pathname.split('/').filter(Boolean);
  if (`/${first ?? ''}` !== INVITE_LINKS_PATH) return null;
  return { type: isType(id) ? id : 'group', linkId: routeParam(route, 'link'), canonical: isType(id) && rest.length === 0 };
};

export type InviteLinksInput = { route: InviteLinksRoute; timeZone: string };

export type LinksPage = { items: ShareLink[]; total: number };
export type LoadLinksInput = { type: ShareLinkType; pageNo: number; pageSize: number; timeZone: string };

export type InviteLinksContext = {
  type: ShareLinkType;
  /** The person's IANA time zone: the click counts' days (SPEC §3 yesterday, last week, last month). */
  timeZone: string;
  /** The URL the screen opened on was not its own spelling: it is replaced once. */
  fixUrl: boolean;
  /** The page on screen and the one being loaded (it becomes `page` when it arrives). */
  page: number;
  loadingPage: number;
  items: ShareLink[];
  total: number;
  /** The link a dialog is about (edit, delete); null for a new one. */
  target: ShareLink | null;
  /** The link whose detail is open (the URL's `?link=`). */
  detailId: string | null;
};

export type InviteLinksEvent =
  | { type: 'user.tab'; tab: ShareLinkType }
  | { type: 'user.page'; page: number }
  | { type: 'user.retry' }
  | { type: 'user.add' }
  | { type: 'user.edit'; link: ShareLink }
  | { type: 'user.delete'; link: ShareLink }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.details'; id: string }
  | { type: 'user.closeDetails' }
  | { type: 'user.copy'; url: string }
  | { type: 'member.selected'; userId: string }
  | { type: 'list.reload'; page: number }
  | RouteShownEvent;

/** Pages of the list (at least one). */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / SHARE_LINKS_PAGE_SIZE));

export const inviteLinksMachine = setup({
  types: {} as {
    context: InviteLinksContext;
    events: InviteLinksEvent;
    input: InviteLinksInput;
    tags: 'busy' | 'loading' | 'loadFailed' | 'form' | 'confirmDelete' | 'detail' | 'copying';
  },
  actors: {
    loadPage: actorNotProvided<LinksPage, LoadLinksInput>('loadPage'),
    deleteLink: actorNotProvided<Outcome, { id: string }>('deleteLink'),
    copyText: actorNotProvided<void, { text: string }>('copyText'),
    /** The dialogs' flows (provided with their effects by this flow's). */
    inviteLinkForm: inviteLinkFormMachine,
    inviteLinkDetail: inviteLinkDetailMachine,
  },
  actions: {
    /** Shows a toast (SPEC §8): the toasts service, translated where it shows. */
    notify: actionNotProvided<InviteLinksToast>('notify'),
    /** Writes the screen's URL (the router; `replace` for a spelling the screen corrects). */
    showUrl: actionNotProvided<{ url: string; replace: boolean }>('showUrl'),
    showType: assign((_, type: ShareLinkType) => ({ type, loadingPage: 1 })),
    loadPageNo: assign((_, page: number) => ({ loadingPage: Math.max(1, page) })),
    keepPage: assign(({ context }, page: LinksPage) => ({ page: context.loadingPage, items: page.items, total: page.total })),
    urlFixed: assign({ fixUrl: false }),
    target: assign((_, target: ShareLink | null) => ({ target })),
    openDetail: assign((_, detailId: string | null) => ({ detailId })),
  },
  guards: {
    urlNeedsFix: ({ context }) => context.fixUrl,
    otherTab: ({ context }, type: ShareLinkType) => type !== context.type,
    /** The route shown is this screen's with a spelling of its own (/invite-link/foo): it is replaced. */
    routeMisspelt: (_, route: InviteLinksRoute | null) => route !== null && !route.canonical,
    routeOtherType: ({ context }, route: InviteLinksRoute | null) => route !== null && route.type !== context.type,
    routeMovesOverlay: ({ context }, route: InviteLinksRoute | null) => route !== null && (route.type !== context.type || route.linkId !== context.detailId),
    detailNamed: ({ context }) => context.detailId !== null,
    /** The asked-for page came back empty although earlier pages have rows (its last rows were deleted). */
    pagePastEnd: ({ context }, page: LinksPage) => page.items.length === 0 && page.total > 0 && context.loadingPage > 1,
    saved: (_, result: InviteLinkFormResult | null) => result !== null,
    refused: (_, answer: Outcome) => !answer.ok,
  },
}).createMachine({
  id: 'inviteLinks',
  meta: { recordable: ['type', 'timeZone', 'fixUrl', 'page', 'loadingPage', 'total', 'target', 'detailId'] },
  context: ({ input }) => ({
    type: input.route.type,
    timeZone: input.timeZone,
    fixUrl: !input.route.canonical,
    page: 1,
    loadingPage: 1,
    items: [],
    total: 0,
    target: null,
    detailId: input.route.linkId,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'start',
      on: {
        'user.tab': {
          description: 'The other tab: page 1 of its links, and its URL.',
          guard: { type: 'otherTab', params: ({ event }) => event.tab },
          target: '.start',
          actions: [
            { type: 'showType', params: ({ event }) => event.tab },
            { type: 'showUrl', params: ({ event }) => ({ url: inviteLinksUrl(event.tab, null), replace: false }) },
          ],
        },
        'user.page': { target: '.start', actions: { type: 'loadPageNo', params: ({ event }) => event.page } },
        'list.reload': { target: '.start', actions: { type: 'loadPageNo', params: ({ event }) => event.page } },
        'member.selected': {
          description: 'Another member’s links: page 1 of theirs.',
          target: '.start',
          actions: { type: 'loadPageNo', params: 1 },
        },
        'route.shown': [
          {
            description: 'The URL names no type of the screen (/invite-link/foo): the group list, and the URL replaced.',
            guard: { type: 'routeMisspelt', params: ({ event }) => inviteLinksRouteOf(event) },
            target: '.start',
            actions: [
              { type: 'showType', params: 'group' },
              { type: 'showUrl', params: ({ event }) => ({ url: inviteLinksUrl('group', inviteLinksRouteOf(event)!.linkId), replace: true }) },
            ],
          },
          {
            description: 'Back or a link to the other type: page 1 of its links.',
            guard: { type: 'routeOtherType', params: ({ event }) => inviteLinksRouteOf(event) },
            target: '.start',
            actions: { type: 'showType', params: ({ event }) => inviteLinksRouteOf(event)!.type },
          },
        ],
      },
      states: {
        start: {
          description: 'Every load passes here (a transition of the region to `loading` itself would leave and re-enter the other regions too): the first one replaces a URL the screen spells otherwise.',
          always: [
            {
              guard: 'urlNeedsFix',
              target: 'loading',
              actions: ['urlFixed', { type: 'showUrl', params: ({ context }) => ({ url: inviteLinksUrl(context.type, context.detailId), replace: true }) }],
            },
            { target: 'loading' },
          ],
        },
        loading: {
          tags: ['busy', 'loading'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ type: context.type, pageNo: context.loadingPage, pageSize: SHARE_LINKS_PAGE_SIZE, timeZone: context.timeZone }),
            onDone: [
              {
                guard: { type: 'pagePastEnd', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: { type: 'loadPageNo', params: ({ event }) => pageCount(event.output.total) },
              },
              { target: 'ready', actions: { type: 'keepPage', params: ({ event }) => event.output } },
            ],
            onError: 'failed',
          },
        },
        ready: {},
        failed: {
          description: 'The list could not be loaded (network or server failure); the view offers a retry.',
          tags: ['loadFailed'],
          on: { 'user.retry': 'loading' },
        },
      },
    },
    overlay: {
      initial: 'start',
      on: {
        'route.shown': {
          description: 'Back, Forward or a link changed the type or the `?link=` of the URL: the detail it names opens, any other dialog closes.',
          guard: { type: 'routeMovesOverlay', params: ({ event }) => inviteLinksRouteOf(event) },
          target: '.start',
          actions: { type: 'openDetail', params: ({ event }) => inviteLinksRouteOf(event)!.linkId },
        },
      },
      states: {
        start: {
          always: [{ guard: 'detailNamed', target: 'detail' }, { target: 'none' }],
        },
        none: {
          on: {
            'user.add': { target: 'form', actions: { type: 'target', params: null } },
            'user.edit': { target: 'form', actions: { type: 'target', params: ({ event }) => event.link } },
            'user.delete': { target: 'confirmDelete', actions: { type: 'target', params: ({ event }) => event.link } },
            'user.details': {
              target: 'detail',
              actions: [
                { type: 'openDetail', params: ({ event }) => event.id },
                { type: 'showUrl', params: ({ context, event }) => ({ url: inviteLinksUrl(context.type, event.id), replace: false }) },
              ],
            },
          },
        },
        form: {
          description: 'The add / edit dialog is open (its own flow); it ends with the link set saved, or nothing.',
          tags: ['form'],
          invoke: {
            id: 'inviteLinkForm',
            src: 'inviteLinkForm',
            input: ({ context }) => ({ type: context.type, link: context.target }),
            onDone: [
              {
                guard: { type: 'saved', params: ({ event }) => event.output },
                target: 'none',
                actions: [
                  { type: 'notify', params: ({ event }) => toastOf(event.output!.kind) },
                  // A new link shows on page 1 (the newest first); an edited one where it is.
                  raise(({ context, event }) => ({ type: 'list.reload' as const, page: event.output!.kind === 'added' ? 1 : context.page })),
                ],
              },
              { target: 'none' },
            ],
            onError: 'none',
          },
          on: { 'member.selected': 'none' },
        },
        confirmDelete: {
          description: 'The delete dialog waits for the person to confirm.',
          tags: ['confirmDelete'],
          on: { 'user.confirm': 'deleting', 'user.cancel': 'none', 'member.selected': 'none' },
        },
        deleting: {
          tags: ['confirmDelete', 'busy'],
          invoke: {
            id: 'deleteLink',
            src: 'deleteLink',
            input: ({ context }) => ({ id: context.target!.id }),
            onDone: [
              {
                guard: { type: 'refused', params: ({ event }) => event.output },
                target: 'none',
                actions: { type: 'notify', params: ({ event }) => deleteFailedToast(refusalOf(event.output)) },
              },
              {
                target: 'none',
                actions: [{ type: 'notify', params: toastOf('deleted') }, raise(({ context }) => ({ type: 'list.reload' as const, page: context.page }))],
              },
            ],
            onError: { target: 'none', actions: { type: 'notify', params: deleteFailedToast(networkError) } },
          },
        },
        detail: {
          description: 'The detail dialog of the link the URL names (its own flow), until it closes.',
          tags: ['detail'],
          invoke: {
            id: 'inviteLinkDetail',
            src: 'inviteLinkDetail',
            input: ({ context }) => ({ id: context.detailId!, timeZone: context.timeZone }),
          },
          on: {
            'user.closeDetails': {
              target: 'none',
              actions: [{ type: 'openDetail', params: null }, { type: 'showUrl', params: ({ context }) => ({ url: inviteLinksUrl(context.type, null), replace: false }) }],
            },
            'member.selected': {
              description: 'Another member’s data: the detail of this member’s link closes.',
              target: 'none',
              actions: [{ type: 'openDetail', params: null }, { type: 'showUrl', params: ({ context }) => ({ url: inviteLinksUrl(context.type, null), replace: true }) }],
            },
          },
        },
      },
    },
    copy: {
      initial: 'idle',
      states: {
        idle: { on: { 'user.copy': 'copying' } },
        copying: {
          description: 'A row’s short link goes to the clipboard (SPEC §8 Copy successful).',
          tags: ['copying'],
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ event }) => ({ text: event.type === 'user.copy' ? event.url : '' }),
            onDone: { target: 'idle', actions: { type: 'notify', params: toastOf('copied') } },
            onError: { target: 'idle', actions: { type: 'notify', params: toastOf('copyFailed') } },
          },
        },
      },
    },
  },
});

export type InviteLinksActorRef = ActorRefFrom<typeof inviteLinksMachine>;
