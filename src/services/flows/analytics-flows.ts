/**
 * The analytics screen's flow (SPEC §2 /analytics), started by the app system while /analytics is
 * on screen: the numbers, their filters and the follow-up form (its child). Its input comes from
 * the route and the browser: the viewer's real role (SPEC §6: /admin or /member calls) and the
 * member's IANA time zone (the browser's, as the schedules' is), in which the ranges are cut.
 */
import { analyticsMachine } from '../../machines/analytics.machine';
import { realRoleOf } from '../../machines/route-facts';
import { analyticsEffects } from '../actors/analytics';
import { browserTimeZone } from '../actors/schedules';
import { defineScreenFlow } from '../flow-definition';

export const analyticsFlows = [
  defineScreenFlow({
    systemId: 'analytics',
    machine: analyticsMachine,
    effects: analyticsEffects,
    input: (route) => ({ realRole: realRoleOf(route), timeZone: browserTimeZone() }),
  }),
];
