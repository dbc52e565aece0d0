/**
 * joinTransfer (SPEC §2 standalone routes: it skips the login gate), started by the app system while
 * /workspace/join-transfer is on screen, with the invitation token of its query.
 */
import { INVITE_TOKEN_PARAM } from '../../machines/constants';
import { joinTransferMachine } from '../../machines/join-transfer.machine';
import { routeParam } from '../../machines/route-facts';
import { joinTransferEffects } from '../actors/join-transfer';
import { defineScreenFlow } from '../flow-definition';

export const joinTransferFlows = [
  defineScreenFlow({ systemId: 'joinTransfer', machine: joinTransferMachine, effects: joinTransferEffects, input: (route) => ({ inviteToken: routeParam(route, INVITE_TOKEN_PARAM) }) }),
];
