/** Typed wrappers for the workspace calls the login gate needs (SPEC §7 Workspace). */
import type { RequestOf } from '../../contract/endpoints';
import type { ApiClient } from './client';

export const workspaceApi = (client: ApiClient) => ({
  info: (body: RequestOf<'workspaceInfo'> = {}) => client.call('workspaceInfo', body),
  list: () => client.call('workspaceList'),
  create: (body: RequestOf<'workspaceCreate'>) => client.call('workspaceCreate', body),
});

export type WorkspaceApi = ReturnType<typeof workspaceApi>;
