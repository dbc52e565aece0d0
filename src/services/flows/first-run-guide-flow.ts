/**
 * The first-run guidance as a long-lived flow (src/services/app-system.ts): its machine and
 * effects in one module, loaded when a session starts (a dynamic import), so neither reaches the
 * login page.
 */
import { firstRunGuideMachine } from '../../machines/first-run-guide.machine';
import { firstRunGuideEffects } from '../actors/first-run-guide';
import { defineLongLivedFlow } from '../flow-definition';

export const firstRunGuideFlow = defineLongLivedFlow({ systemId: 'firstRunGuide', machine: firstRunGuideMachine, effects: firstRunGuideEffects });
