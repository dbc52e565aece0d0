/**
 * The invite links screen's effects (SPEC §2 /invite-link/:id; §7 Share links; §8 toasts): the
 * list, delete, save, detail and count calls, the clipboard, the URL and the toasts. Built only
 * from the flow services; the source-user header of an admin acting for a member is the API
 * client's. Toasts (SPEC §8) are the machines' `notify`, translated as `LL.inviteLinks.toast` when
 * they show.
 */
import { fromPromise } from 'xstate';
import { shareLinkEndpoints, type ShareLink, type ShareLinkCount, type ShareLinkDetail } from '../../contract/share-links';
import type { Answer, Outcome } from '../../machines/answer';
import { inviteLinkDetailMachine, lastDaysRange, type CountInput, type InviteLinkDetailInput } from '../../machines/invite-link-detail.machine';
import { inviteLinkFormMachine, type ShareLinkSaveBody } from '../../machines/invite-link-form.machine';
import type { InviteLinksToast } from '../../machines/invite-link-notices';
import type { inviteLinksMachine, LinksPage, LoadLinksInput } from '../../machines/invite-links.machine';
import { answerOf, dataOf, outcomeOf } from '../answer';
import type { FlowEffects, FlowServices } from '../flow-services';
import type { ToastText } from '../toast';

/** A toast's text (SPEC §8): the server's words for a refused delete that gave some, else the dictionary's. */
export const inviteLinksToastText = (toast: InviteLinksToast): ToastText =>
  toast.message !== null ? toast.message : (LL) => LL.inviteLinks.toast[toast.kind]();

const notify = (services: FlowServices) => (_: unknown, toast: InviteLinksToast) =>
  services.toasts.show(inviteLinksToastText(toast), toast.kind === 'deleteFailed' || toast.kind === 'copyFailed' ? 'error' : 'success');

const copyText = (services: FlowServices) => fromPromise<void, { text: string }>(({ input }) => services.clipboard.writeText(input.text));

export const inviteLinkFormEffects: FlowEffects<typeof inviteLinkFormMachine> = (services) => ({
  actors: {
    saveLink: fromPromise<Answer<ShareLink>, ShareLinkSaveBody>(async ({ input }) => {
      const { id, ...body } = input;
      return answerOf(
        id === undefined ? await services.api.call(shareLinkEndpoints.shareLinkCreate, body) : await services.api.call(shareLinkEndpoints.shareLinkUpdate, { id, ...body }),
      );
    }),
  },
});

export const inviteLinkDetailEffects: FlowEffects<typeof inviteLinkDetailMachine> = (services) => ({
  actors: {
    /** A refusal (the link is gone, say) counts as a failure to load: the panel offers a retry. */
    loadDetail: fromPromise<ShareLinkDetail, InviteLinkDetailInput>(async ({ input, signal }) =>
      dataOf(await services.api.call(shareLinkEndpoints.shareLinkDetail, { id: input.id, timeZone: input.timeZone }, { signal }), 'Invite link'),
    ),
    /** The last `days` days up to today in the person's time zone, from the clock now. */
    loadCount: fromPromise<ShareLinkCount, CountInput>(async ({ input, signal }) => {
      const range = lastDaysRange(Date.now(), input.timeZone, input.days);
      return dataOf(await services.api.call(shareLinkEndpoints.shareLinkCount, { id: input.id, ...range, timeZone: input.timeZone }, { signal }), 'Invite link clicks');
    }),
    copyText: copyText(services),
  },
  actions: { notify: notify(services) },
});

export const inviteLinksEffects: FlowEffects<typeof inviteLinksMachine> = (services) => ({
  actors: {
    /** A refusal counts as a failure to load: the screen offers a retry. */
    loadPage: fromPromise<LinksPage, LoadLinksInput>(async ({ input, signal }) => dataOf(await services.api.call(shareLinkEndpoints.shareLinkList, input, { signal }), 'Invite links')),
    deleteLink: fromPromise<Outcome, { id: string }>(async ({ input }) => outcomeOf(await services.api.call(shareLinkEndpoints.shareLinkDelete, { id: input.id }))),
    copyText: copyText(services),
    inviteLinkForm: inviteLinkFormMachine.provide(inviteLinkFormEffects(services)),
    inviteLinkDetail: inviteLinkDetailMachine.provide(inviteLinkDetailEffects(services)),
  },
  actions: {
    notify: notify(services),
    showUrl: (_, params: { url: string; replace: boolean }) => services.navigate(params.url, { replace: params.replace }),
  },
});
