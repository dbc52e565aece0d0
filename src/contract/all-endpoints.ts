/**
 * Every area of the contract, for the server (which registers them all) and the tests (which parse
 * every answer with its endpoint's schema). The front end never imports this module: each screen
 * imports only its own area (lint enforces it), so new areas add nothing to the login page.
 */
import { accountEndpoints } from './account';
import { analyticsEndpoints } from './analytics';
import { billingEndpoints } from './billing';
import { chatsEndpoints } from './chats';
import { contactsEndpoints } from './contacts';
import type { Endpoint } from './endpoint';
import { integrationEndpoints } from './integrations';
import { leadFilesEndpoints } from './lead-files';
import { leadsEndpoints } from './leads';
import { leaveEndpoints } from './leave';
import { pinEndpoints } from './pins';
import { productEventEndpoints } from './product-events';
import { scheduleEndpoints } from './schedules';
import { shareLinkEndpoints } from './share-links';
import { storageEndpoints } from './storage';
import { tagsEndpoints } from './tags';
import { teamEndpoints } from './team';
import { templateEndpoints } from './templates';
import { workspaceEndpoints } from './workspace';

export const contractAreas = {
  account: accountEndpoints,
  workspace: workspaceEndpoints,
  team: teamEndpoints,
  leads: leadsEndpoints,
  leadFiles: leadFilesEndpoints,
  contacts: contactsEndpoints,
  tags: tagsEndpoints,
  chats: chatsEndpoints,
  templates: templateEndpoints,
  schedules: scheduleEndpoints,
  storage: storageEndpoints,
  analytics: analyticsEndpoints,
  shareLinks: shareLinkEndpoints,
  integrations: integrationEndpoints,
  billing: billingEndpoints,
  pins: pinEndpoints,
  productEvents: productEventEndpoints,
  leave: leaveEndpoints,
} as const;

export type AreaName = keyof typeof contractAreas;

/** Every endpoint with its area and its name inside the area. */
export const allEndpoints: readonly { area: AreaName; name: string; endpoint: Endpoint }[] = Object.entries(contractAreas).flatMap(
  ([area, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({ area: area as AreaName, name, endpoint })),
);

const withoutTrailingSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);
const byPath = new Map(allEndpoints.map((e) => [withoutTrailingSlash(e.endpoint.path), e.endpoint]));

/** The endpoint served at a path (with or without its trailing slash), if any. */
export const endpointAt = (path: string): Endpoint | undefined => byPath.get(withoutTrailingSlash(path));

/** Every endpoint by its name (names are unique across areas); tests key their fakes by it. */
export const endpointsByName = {
  ...accountEndpoints,
  ...workspaceEndpoints,
  ...teamEndpoints,
  ...leadsEndpoints,
  ...leadFilesEndpoints,
  ...contactsEndpoints,
  ...tagsEndpoints,
  ...chatsEndpoints,
  ...templateEndpoints,
  ...scheduleEndpoints,
  ...storageEndpoints,
  ...analyticsEndpoints,
  ...shareLinkEndpoints,
  ...integrationEndpoints,
  ...billingEndpoints,
  ...pinEndpoints,
  ...productEventEndpoints,
  ...leaveEndpoints,
} as const;
export type EndpointName = keyof typeof endpointsByName;
const names = new Map<Endpoint, EndpointName>(
  Object.entries(endpointsByName).map(([name, e]) => [e as Endpoint, name as EndpointName]),
);
/** The name of an endpoint of the contract. */
export const nameOfEndpoint = (e: Endpoint): EndpointName => {
  const name = names.get(e);
  if (!name) throw new Error(`${e.path} is not an endpoint of the contract`);
  return name;
};
