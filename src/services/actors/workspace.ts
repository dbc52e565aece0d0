/**
 * The create-workspace flow's effects (SPEC §2 /workspace, §7 /public/workspace/create): the call,
 * then the login gate reloads the account (it now has a workspace) and the router moves on.
 */
import { fromPromise } from 'xstate';
import { workspaceEndpoints } from '../../contract/workspace';
import type { CreateWorkspaceInput, CreateWorkspaceResult, workspaceCreateMachine } from '../../machines/workspace-create.machine';
import { outcomeOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import { navigateAction } from './core';

export const workspaceCreateEffects: FlowEffects<typeof workspaceCreateMachine> = (services) => ({
  actors: {
    createWorkspace: fromPromise<CreateWorkspaceResult, CreateWorkspaceInput>(async ({ input }) =>
      outcomeOf(await services.api.call(workspaceEndpoints.workspaceCreate, input)),
    ),
  },
  actions: {
    reloadGate: () => services.sendTo('gate', { type: 'gate.reload' }),
    navigate: navigateAction(services),
  },
});
