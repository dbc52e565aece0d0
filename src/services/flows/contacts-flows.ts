/**
 * The contacts screen's flow (SPEC §2 /contacts), started by the app system while /contacts is on
 * screen: the contacts table with its child flows (filters in the URL, profile panel, batch
 * tagging). Its input comes from the route: the caller's real role (SPEC §6: /admin or /member
 * calls) and the filters of the `filters` query parameter (SPEC §2: a filtered view can be
 * bookmarked and shared).
 */
import { filtersFromParam } from '../../machines/contact-filters';
import { contactsTableMachine } from '../../machines/contacts-table.machine';
import { realRoleOf, routeParam } from '../../machines/route-facts';
import { contactsTableEffects } from '../actors/contacts';
import { defineScreenFlow } from '../flow-definition';

export const contactsFlows = [
  defineScreenFlow({
    systemId: 'contactsTable',
    machine: contactsTableMachine,
    effects: contactsTableEffects,
    input: (route) => ({ realRole: realRoleOf(route), filters: filtersFromParam(routeParam(route, 'filters')) }),
  }),
];
