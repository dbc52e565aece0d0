/** joinTransfer's effect (src/machines/join-transfer.machine.ts; SPEC §2 standalone routes): the router moves on. */
import type { joinTransferMachine } from '../../machines/join-transfer.machine';
import type { FlowEffects } from '../flow-services';
import { navigateAction } from './core';

export const joinTransferEffects: FlowEffects<typeof joinTransferMachine> = (services) => ({
  actions: { navigate: navigateAction(services) },
});
