/**
 * The invite links screen's flow (SPEC §2 /invite-link/:id), started by the app system while the
 * route is on screen: the list of the type the URL names, with its child flows (the add / edit
 * dialog, the detail). Its input comes from the route (the type, the `?link=` detail, whether the
 * URL was the screen's own spelling) and the browser's time zone (the click counts' days).
 */
import { inviteLinksMachine, inviteLinksRouteOf } from '../../machines/invite-links.machine';
import { inviteLinksEffects } from '../actors/invite-links';
import { browserTimeZone } from '../actors/schedules';
import { defineScreenFlow } from '../flow-definition';

export const inviteLinksFlows = [
  defineScreenFlow({
    systemId: 'inviteLinks',
    machine: inviteLinksMachine,
    effects: inviteLinksEffects,
    input: (route) => ({ route: inviteLinksRouteOf(route) ?? { type: 'group', linkId: null, canonical: false }, timeZone: browserTimeZone() }),
  }),
];
