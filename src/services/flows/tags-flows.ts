/**
 * The tags screen's flow (SPEC §2 /tags), started by the app system while /tags is on screen; the
 * person's role says whether they manage tags, their id decodes the plan's perms, and the route's
 * `filters` parameter gives the filters (SPEC §2: a filtered view can be bookmarked and shared).
 */
import { managesTeam } from '../../contract/roles';
import { routeParam } from '../../machines/route-facts';
import { tagFiltersFromParam } from '../../machines/tag-filters';
import { tagsMachine } from '../../machines/tags.machine';
import { tagsEffects } from '../actors/tags';
import { defineScreenFlow } from '../flow-definition';

export const tagsFlows = [
  defineScreenFlow({
    systemId: 'tags',
    machine: tagsMachine,
    effects: tagsEffects,
    input: (route) => ({
      manages: route.viewer ? managesTeam(route.viewer.role) : false,
      userId: route.viewer?.userId ?? '',
      filters: tagFiltersFromParam(routeParam(route, 'filters')),
    }),
  }),
];
