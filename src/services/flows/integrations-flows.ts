/**
 * The integration centre's screen flows (SPEC §2 /integration-center and /integration-center/permissions),
 * started by the app system while their route is on screen:
 * - 'integrations': the overview (its child flows: the webhook settings and their delivery log),
 *   with the signed-in person and the OAuth callback's query (`?connected=`, `?error=`, `?provider=`);
 * - 'webhookPermissions': the webhook permission per member (owner and managers only: the route's roles).
 * The guide pages have no flow.
 */
import { integrationsMachine } from '../../machines/integrations.machine';
import { routeParam } from '../../machines/route-facts';
import { webhookPermissionsMachine } from '../../machines/webhook-permissions.machine';
import { integrationsEffects, webhookPermissionsEffects } from '../actors/integrations';
import { defineScreenFlow } from '../flow-definition';

export const integrationsFlows = [
  defineScreenFlow({
    systemId: 'integrations',
    machine: integrationsMachine,
    effects: integrationsEffects,
    input: (route) => ({
      userId: route.viewer?.userId ?? '',
      role: route.viewer?.role ?? 'member',
      connected: routeParam(route, 'connected'),
      callbackError: routeParam(route, 'error'),
      callbackProvider: routeParam(route, 'provider'),
    }),
  }),
];

export const webhookPermissionsFlows = [
  defineScreenFlow({
    systemId: 'webhookPermissions',
    machine: webhookPermissionsMachine,
    effects: webhookPermissionsEffects,
    input: (route) => ({ selfId: route.viewer?.userId ?? '' }),
  }),
];
