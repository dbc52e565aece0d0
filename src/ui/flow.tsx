/**
 * The one way a screen starts its flow: `useFlowActor(machine, effects, { input })`.
 *
 * It provides the machine with its real effects, built from the app's services by a factory of
 * src/services/actors/<area>.ts, and creates the actor with the app's inspect callback, so every
 * screen actor shows in the Stately inspector (`?inspect`) and is captured by the QA recorder
 * (`?record`) exactly like the long-lived actors. The view then reads it with `useSelector`
 * (tags and context) and `send`s events; it never builds an effect itself.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate';
import type { FlowEffects } from '../services/flow-services';
import { useAppShell } from './app-actors';

export type FlowOptions<M extends AnyStateMachine> = {
  input?: InputFrom<M>;
  /** Names the actor in recordings and the inspector (default: the machine's id). */
  systemId?: string;
};

export function useFlowActor<M extends AnyStateMachine>(machine: M, effects: FlowEffects<M>, options: FlowOptions<M> = {}): ActorRefFrom<M> {
  const shell = useAppShell();
  // The provided machine is made once per mount: a new machine object would restart the actor.
  const [provided] = useState(() => machine.provide(effects(shell.flow)) as M);
  return useActorRef(provided, {
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(shell.inspect ? { inspect: shell.inspect } : {}),
    systemId: options.systemId ?? machine.id,
  }) as ActorRefFrom<M>;
}
