/** The product event log's counts page (SPEC §7 Analytics logging), started by the app system while /settings/product-events is on screen. */
import { productEventsMachine } from '../../machines/product-events.machine';
import { productEventsEffects } from '../actors/product-events';
import { defineScreenFlow } from '../flow-definition';

export const productEventsFlows = [
  defineScreenFlow({
    systemId: 'productEvents',
    machine: productEventsMachine,
    effects: productEventsEffects,
  }),
];
