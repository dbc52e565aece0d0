/**
 * Generated path tests of the header's assistant tools (SPEC §2 Layout header; Other panels:
 * assistant tools): every state and transition is reached; the menu starts the number check or
 * the group tool (with the viewer's real role, kept from the routes shown, and the group asked
 * for) only while neither runs; a tool's end, closed or failed, makes the menu ready again, and
 * the pipeline is told to reload only when the tool added or updated leads.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { assistantToolsMachine } from '../../src/machines/assistant-tools.machine';
import type { RouteFacts } from '../../src/machines/route-facts';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const admin: RouteFacts = { pathname: '/pipeline', search: '', viewer: { userId: 'u1', email: 'a@x.test', role: 'admin', realRole: 'admin', workspaceId: 'w1' } };
const member: RouteFacts = { pathname: '/pipeline', search: '', viewer: { userId: 'u2', email: 'm@x.test', role: 'member', realRole: 'member', workspaceId: 'w1' } };

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const role = (s.context as { realRole: string }).realRole;
  const shown: PathEvent = { type: 'route.shown', ...(role === 'admin' ? member : admin) };
  if (s.matches('idle')) {
    return [{ type: 'user.open', tool: 'numberCheck' }, { type: 'user.open', tool: 'groupTool' }, { type: 'user.open', tool: 'groupTool', chatWhatsappId: '14155550100-1600000000@g.us' }, shown];
  }
  const id = s.matches('numberCheck') ? 'numberCheck' : 'groupTool';
  return [
    { type: 'user.open', tool: 'numberCheck' },
    { type: `xstate.done.actor.${id}`, output: { added: 2 } },
    { type: `xstate.done.actor.${id}`, output: { added: 0 } },
    { type: `xstate.error.actor.${id}`, error: new Error('failed') },
    shown,
  ];
};

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0 || !before) return [];
  const realRole = (before.context as { realRole: string }).realRole;
  if (event.type === 'user.open' && before.matches('idle')) {
    if (event.tool === 'numberCheck') return [actorRan('numberCheck', { realRole })];
    return [actorRan('groupTool', event.chatWhatsappId ? { realRole, chatWhatsappId: event.chatWhatsappId } : { realRole })];
  }
  if (event.type.startsWith('xstate.done.actor.') && (event.output as { added: number }).added > 0) return [actionRan('reloadLeads')];
  return [];
};

machinePathSuite('assistant tools machine paths', assistantToolsMachine, {
  events,
  effects,
  serializeContext: (c) => c.realRole,
  variants: [
    { name: 'a member', input: { route: member } },
    { name: 'before any route', input: { route: null } },
  ],
});
