/**
 * The pipeline's lead moves (SPEC §4 Lead) run as a child with a fake save: what they tell their
 * parent, in order, written out (the parent's panels follow these announcements).
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes';
import { leadMovesMachine } from '../../src/machines/lead-moves.machine';
import type { LeadAnswer, MoveLeadInput } from '../../src/machines/pipeline-calls';
import { controllable, flush, hostChild } from '../support/fakes';
import { leadOf } from '../support/lead-fixtures';
import { sendParent } from 'xstate';

const start = () => {
  const save = controllable<LeadAnswer, MoveLeadInput>();
  const logic = leadMovesMachine.provide({ actors: { moveLead: save.logic }, actions: { announce: sendParent((_, e: { type: string }) => e) } });
  const { child, told } = hostChild(logic, { realRole: 'admin' });
  return { child, told, save };
};

describe('lead moves machine', () => {
  it('shows a move at once, saves it, then places the saved lead and says so; a drop in the same tab does nothing', async () => {
    const t = start();
    t.child.send({ type: 'user.moveLead', lead: leadOf('a1'), fromTabId: 0, toTabId: 0, index: 0 });
    expect(t.told).toEqual([]);
    t.child.send({ type: 'user.moveLead', lead: leadOf('a1'), fromTabId: 0, toTabId: 2, index: 3 });
    expect(t.told).toEqual([{ type: 'moves.place', lead: leadOf('a1', { tabId: 2 }), index: 0 }]);
    expect(t.save.calls).toEqual([{ realRole: 'admin', id: 'a1', editTime: 1_000, tabId: 2 }]);
    t.save.resolve({ ok: true, data: leadOf('a1', { tabId: 2, editTime: 2_000 }) });
    await flush();
    expect(t.told.slice(1)).toEqual([
      { type: 'moves.place', lead: leadOf('a1', { tabId: 2, editTime: 2_000 }), index: 0 },
      { type: 'moves.saved', lead: leadOf('a1', { tabId: 2, editTime: 2_000 }) },
    ]);
    expect(t.child.getSnapshot().hasTag('moving')).toBe(false);
  });

  it('puts a refused move back at its place with the server’s words, and drops the later moves of that lead', async () => {
    const t = start();
    t.child.send({ type: 'user.moveLead', lead: leadOf('a1'), fromTabId: 0, toTabId: 2, index: 3 });
    t.child.send({ type: 'user.moveLead', lead: leadOf('a1', { tabId: 2 }), fromTabId: 2, toTabId: 1, index: 0 });
    t.child.send({ type: 'user.moveLead', lead: leadOf('b1'), fromTabId: 0, toTabId: 1, index: 0 });
    t.save.resolve({ ok: false, code: Code.LEAD_NEEDS_TAB, message: 'needs a tab' });
    await flush();
    expect(t.told.slice(3)).toEqual([
      { type: 'moves.place', lead: leadOf('a1'), index: 3 },
      { type: 'moves.failed', message: 'needs a tab' },
    ]);
    // Only b1's move is left: it saves now.
    expect(t.save.calls.at(-1)).toEqual({ realRole: 'admin', id: 'b1', editTime: 1_000, tabId: 1 });
    expect(t.child.getSnapshot().context.moves.map((m) => m.lead.id)).toEqual(['b1']);
  });

  it('keeps the last move shown (the lead, its name, the tab it went to, how many moves so far) for the view to focus and announce', () => {
    const t = start();
    expect(t.child.getSnapshot().context.lastMove).toBeNull();
    t.child.send({ type: 'user.moveLead', lead: leadOf('a1', { name: 'Ada Lovelace' }), fromTabId: 0, toTabId: 2, index: 3 });
    expect(t.child.getSnapshot().context.lastMove).toEqual({ leadId: 'a1', name: 'Ada Lovelace', toTabId: 2, count: 1, undone: false });
    // A drop in the same tab moves nothing and says nothing.
    t.child.send({ type: 'user.moveLead', lead: leadOf('b1', { tabId: 1 }), fromTabId: 1, toTabId: 1, index: 0 });
    expect(t.child.getSnapshot().context.lastMove).toEqual({ leadId: 'a1', name: 'Ada Lovelace', toTabId: 2, count: 1, undone: false });
    // While the first saves, the next one shows and is noted too.
    t.child.send({ type: 'user.moveLead', lead: leadOf('a1', { name: 'Ada Lovelace', tabId: 2 }), fromTabId: 2, toTabId: 0, index: 0 });
    expect(t.child.getSnapshot().context.lastMove).toEqual({ leadId: 'a1', name: 'Ada Lovelace', toTabId: 0, count: 2, undone: false });
  });

  it('notes a failed move as undone, with the tab the lead is back in, so the focus and the status follow it back', async () => {
    const t = start();
    t.child.send({ type: 'user.moveLead', lead: leadOf('a1', { name: 'Ada Lovelace' }), fromTabId: 0, toTabId: 2, index: 3 });
    t.save.resolve({ ok: false, code: Code.LEAD_NEEDS_TAB, message: 'needs a tab' });
    await flush();
    expect(t.child.getSnapshot().context.lastMove).toEqual({ leadId: 'a1', name: 'Ada Lovelace', toTabId: 0, count: 2, undone: true });
  });

  it('notes a move that failed on the network as undone too', async () => {
    const t = start();
    t.child.send({ type: 'user.moveLead', lead: leadOf('a1', { name: 'Ada Lovelace', tabId: 1 }), fromTabId: 1, toTabId: 2, index: 0 });
    t.save.reject(new Error('offline'));
    await flush();
    expect(t.child.getSnapshot().context.lastMove).toEqual({ leadId: 'a1', name: 'Ada Lovelace', toTabId: 1, count: 2, undone: true });
  });
});
