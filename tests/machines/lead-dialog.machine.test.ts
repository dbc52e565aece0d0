/**
 * A lead's dialog in the pipeline (SPEC §3 Lead, §4 Lead) with fakes for its calls and the real
 * lead form as its child: what it ends with (its output, which the pipeline shows) for each
 * request, written out.
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Outcome } from '../../src/machines/answer';
import { leadDialogMachine, type LeadDialogInput } from '../../src/machines/lead-dialog.machine';
import { leadFormMachine, type SaveLeadAnswer, type SaveLeadInput } from '../../src/machines/lead-form.machine';
import type { CloseLeadInput, DeleteLeadInput, LeadAnswer } from '../../src/machines/pipeline-calls';
import { controllable, flush } from '../support/fakes';
import { leadOf, noTabs, tabOf } from '../support/lead-fixtures';

const tabs = [noTabs, tabOf(3, 'Hot')];
const ann = leadOf('l1', { name: 'Ann', tabId: 3 });

const start = (request: LeadDialogInput['request']) => {
  const fakes = { saveLead: controllable<SaveLeadAnswer, SaveLeadInput>(), closeLead: controllable<LeadAnswer, CloseLeadInput>(), deleteLead: controllable<Outcome, DeleteLeadInput>() };
  const actor = createActor(
    leadDialogMachine.provide({
      actors: { leadForm: leadFormMachine.provide({ actors: { saveLead: fakes.saveLead.logic } }), closeLead: fakes.closeLead.logic, deleteLead: fakes.deleteLead.logic },
    }),
    { input: { realRole: 'member', tabs, request } },
  ).start();
  return { actor, fakes, output: () => toPromise(actor) };
};

describe('lead dialog machine', () => {
  it('adds a lead through its lead form child: the saved lead', async () => {
    const t = start({ kind: 'add', tabId: 3 });
    const form = t.actor.getSnapshot().children.leadForm!;
    expect(t.actor.getSnapshot().hasTag('editing')).toBe(true);
    form.send({ type: 'user.change', field: 'name', value: 'Bo' });
    form.send({ type: 'user.submit' });
    expect(t.fakes.saveLead.calls).toEqual([{ realRole: 'member', mode: 'add', body: { name: 'Bo', tabId: 3 } }]);
    t.fakes.saveLead.resolve({ ok: true, data: leadOf('l9', { name: 'Bo', tabId: 3 }) });
    await expect(t.output()).resolves.toEqual({ kind: 'saved', lead: leadOf('l9', { name: 'Bo', tabId: 3 }) });
  });

  it('an edit ends with the tab the lead was in; a cancelled form with nothing', async () => {
    const t = start({ kind: 'edit', lead: ann });
    const form = t.actor.getSnapshot().children.leadForm!;
    form.send({ type: 'user.change', field: 'tabId', value: '0' });
    form.send({ type: 'user.submit' });
    t.fakes.saveLead.resolve({ ok: true, data: { ...ann, tabId: 0 } });
    await expect(t.output()).resolves.toEqual({ kind: 'saved', lead: { ...ann, tabId: 0 }, previousTabId: 3 });
    const cancelled = start({ kind: 'edit', lead: ann });
    cancelled.actor.getSnapshot().children.leadForm!.send({ type: 'user.cancel' });
    await expect(cancelled.output()).resolves.toBeNull();
  });

  it('closes with the reason typed (trimmed); a refusal ends with its notice', async () => {
    const t = start({ kind: 'close', lead: ann });
    t.actor.send({ type: 'user.typeReason', reason: ' Went elsewhere  ' });
    expect(t.actor.getSnapshot().context.reason).toBe(' Went elsewhere  ');
    t.actor.send({ type: 'user.confirm' });
    expect(t.fakes.closeLead.calls).toEqual([{ realRole: 'member', id: 'l1', isClosed: true, closedReason: 'Went elsewhere' }]);
    t.fakes.closeLead.resolve({ ok: true, data: { ...ann, isClosed: true } });
    await expect(t.output()).resolves.toEqual({ kind: 'answered', lead: { ...ann, isClosed: true } });
    const refused = start({ kind: 'close', lead: ann });
    refused.actor.send({ type: 'user.confirm' });
    expect(refused.fakes.closeLead.calls).toEqual([{ realRole: 'member', id: 'l1', isClosed: true }]);
    refused.fakes.closeLead.resolve({ ok: false, code: Code.LEAD_NEEDS_TAB, message: 'Closing a contact needs a custom tab first.' });
    await expect(refused.output()).resolves.toEqual({ kind: 'failed', notice: { kind: 'closeFailed', message: 'Closing a contact needs a custom tab first.' } });
  });

  it('reopens at once; deletes after the confirmation; a failed call ends with its notice', async () => {
    const reopen = start({ kind: 'reopen', lead: { ...ann, isClosed: true } });
    expect(reopen.fakes.closeLead.calls).toEqual([{ realRole: 'member', id: 'l1', isClosed: false }]);
    reopen.fakes.closeLead.reject(new Error('Network error'));
    await expect(reopen.output()).resolves.toEqual({ kind: 'failed', notice: { kind: 'closeFailed', message: 'Network error' } });
    const del = start({ kind: 'delete', lead: ann });
    expect(del.actor.getSnapshot().hasTag('confirmDelete')).toBe(true);
    del.actor.send({ type: 'user.confirm' });
    del.actor.send({ type: 'user.cancel' });
    await flush();
    expect(del.actor.getSnapshot().hasTag('busy')).toBe(true);
    del.fakes.deleteLead.resolve({ ok: true });
    await expect(del.output()).resolves.toEqual({ kind: 'deleted', lead: ann });
  });
});
