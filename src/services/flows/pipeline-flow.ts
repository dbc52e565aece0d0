/**
 * The lead pipeline as a long-lived flow (src/services/app-system.ts): its machine and effects in
 * one module, loaded when a session starts (a dynamic import), so neither the machines nor the
 * leads contract reach the login page. It starts with the route on screen then (shown if that is
 * the pipeline) and follows every later one (`route.shown`).
 */
import { pipelineMachine } from '../../machines/pipeline.machine';
import { pipelineEffects } from '../actors/pipeline';
import { defineLongLivedFlow } from '../flow-definition';

export const pipelineFlow = defineLongLivedFlow({ systemId: 'pipeline', machine: pipelineMachine, effects: pipelineEffects, input: (route) => ({ route }) });
