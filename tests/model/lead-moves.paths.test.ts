/**
 * Generated path tests of the pipeline's lead moves (SPEC §4 Lead: drag to another tab): every
 * state and transition is reached, and each step runs exactly the effects the SPEC asks for, with
 * the values written out: a move to another tab shows at once (the lead placed on top of its new
 * tab) and is saved with the lead's edit time, one at a time; a drop in the same tab does
 * nothing; a saved move places the server's lead and has the counts refreshed (unless a later
 * move of that lead waits, which then saves with the new edit time); a refused or failed move
 * puts the lead back at its place (as the server has it after a stale edit) with a notice, and
 * drops the later moves of that lead.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import { leadMovesMachine, type LeadMovesContext } from '../../src/machines/lead-moves.machine';
import { leadOf } from '../support/lead-fixtures';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const a1 = leadOf('a1');
const b1 = leadOf('b1', { tabId: 1, editTime: 1_500 });
/** a1 dropped from No tabs (its 2nd row) on tab 1, then from tab 1 on tab 2; b1 from tab 1 (1st row) on No tabs; a1 on its own tab. */
const drops: PathEvent[] = [
  { type: 'user.moveLead', lead: a1, fromTabId: 0, toTabId: 1, index: 1 },
  { type: 'user.moveLead', lead: { ...a1, tabId: 1 }, fromTabId: 1, toTabId: 2, index: 0 },
  { type: 'user.moveLead', lead: b1, fromTabId: 1, toTabId: 0, index: 0 },
  { type: 'user.moveLead', lead: a1, fromTabId: 0, toTabId: 0, index: 1 },
];
const fresh = leadOf('a1', { name: 'Renamed meanwhile', editTime: 5_000 });

const ctx = (s: AnyMachineSnapshot) => s.context as LeadMovesContext;

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const first = ctx(s).moves[0];
  const answers: PathEvent[] = first
    ? [
        // The server's lead: in the tab it was moved to, with a new edit time.
        { type: 'xstate.done.actor.moveLead', output: { ok: true, data: { ...first.lead, tabId: first.toTabId, editTime: 2_000 } } },
        { type: 'xstate.done.actor.moveLead', output: { ok: false, code: Code.LEAD_NEEDS_TAB, message: 'needs a tab' } },
        { type: 'xstate.done.actor.moveLead', output: { ok: false, code: Code.STALE_EDIT, message: 'changed meanwhile', fresh } },
        { type: 'xstate.error.actor.moveLead', error: new Error('Network error') },
      ]
    : [];
  // At most two moves wait, so the graph stays small.
  return [...(ctx(s).moves.length < 2 ? drops : []), ...answers];
};

const save = (lead: { id: string; editTime: number }, tabId: number): Effect => actorRan('moveLead', { realRole: 'member', id: lead.id, editTime: lead.editTime, tabId });

const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (!before) return [];
  const c = ctx(before);
  const [saving, ...rest] = c.moves;
  if (event.type === 'user.moveLead') {
    const e = event as unknown as { lead: typeof a1; fromTabId: number; toTabId: number };
    if (e.fromTabId === e.toTabId) return [];
    const shows = actionRan('announce', { type: 'moves.place', lead: { ...e.lead, tabId: e.toTabId }, index: 0 });
    // The first move saves at once; a later one waits.
    return saving ? [shows] : [shows, save(e.lead, e.toTabId)];
  }
  if (!saving) return [];
  const output = event.output as { ok: boolean; message?: string; fresh?: typeof a1; data?: typeof a1 } | undefined;
  if (event.type === 'xstate.done.actor.moveLead' && output?.ok) {
    const saved = output.data!;
    // A later move of the same lead saves with the saved lead's edit time (2000).
    const next = rest[0] ? save(rest[0].lead.id === saved.id ? { id: saved.id, editTime: 2_000 } : rest[0].lead, rest[0].toTabId) : null;
    const laterOfSame = rest.some((m) => m.lead.id === saved.id);
    return [
      ...(laterOfSame ? [] : [actionRan('announce', { type: 'moves.place', lead: saved, index: 0 })]),
      actionRan('announce', { type: 'moves.saved', lead: saved }),
      ...(next ? [next] : []),
    ];
  }
  // Refused or failed: back where it was, at its place (the server's version after a stale edit, on top of its own tab).
  const back = output?.fresh ?? saving.lead;
  const index = back.tabId === saving.fromTabId ? saving.index : 0;
  const message = event.type === 'xstate.error.actor.moveLead' ? 'Network error' : output!.message;
  const left = rest.filter((m) => m.lead.id !== saving.lead.id);
  return [
    actionRan('announce', { type: 'moves.place', lead: back, index }),
    actionRan('announce', { type: 'moves.failed', message }),
    ...(left[0] ? [save(left[0].lead, left[0].toTabId)] : []),
  ];
};

machinePathSuite('lead moves machine paths', leadMovesMachine, {
  events,
  effects,
  input: { realRole: 'member' },
  serializeContext: (c) => c.moves.map((m) => [m.lead.id, m.fromTabId, m.toTabId, m.lead.editTime, m.index]),
});
