/**
 * The lead form machine (SPEC §3 Lead, Sales info, Company info; §5 'You have to enter the
 * "Name"' and optional emails; §8 100010 on lead add/edit marks the save failed) with a
 * controllable save, its pure helpers, and its effect against a fake API.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { Code, codeMessage } from '../../src/contract/codes';
import type { Lead, Tab } from '../../src/contract/leads';
import {
  leadFieldMaxLength,
  checkLeadForm,
  leadFormMachine,
  localDateTimeOf,
  requestOf,
  timeOfLocalDateTime,
  valuesOf,
  type LeadField,
  type LeadFormInput,
  type SaveLeadAnswer,
  type SaveLeadInput,
} from '../../src/machines/lead-form.machine';
import { leadAnswerOf } from '../../src/services/actors/lead-answer';
import { leadFormEffects } from '../../src/services/actors/lead-form';
import { fakeFlowServices } from '../support/fake-api';
import { controllable, flush } from '../support/fakes';
import { leadOf, noTabs, tabOf } from '../support/lead-fixtures';

const tabs: Tab[] = [noTabs, tabOf(3, 'Hot'), tabOf(4, 'Cold')];
const aLead = (over: Partial<Lead> = {}): Lead => leadOf('lead-1', { tabId: 3, name: 'Ann Lee', editTime: 1_700_000_000_000, ...over });

const ok = (lead: Lead): SaveLeadAnswer => ({ ok: true, data: lead });
const refused = (code: number): SaveLeadAnswer => ({ ok: false, code, message: codeMessage[code as keyof typeof codeMessage] ?? 'refused' });
const stale = (fresh: Lead): SaveLeadAnswer => ({ ok: false, code: Code.STALE_EDIT, message: codeMessage[Code.STALE_EDIT], fresh });

const start = (input: Partial<LeadFormInput> = {}) => {
  const saveLead = controllable<SaveLeadAnswer, SaveLeadInput>();
  const actor = createActor(leadFormMachine.provide({ actors: { saveLead: saveLead.logic } }), {
    input: { realRole: 'member', mode: 'add', tabs, ...input },
  }).start();
  const change = (field: LeadField, value: string) => actor.send({ type: 'user.change', field, value });
  const tags = () => ['saving', 'saveFailed', 'stale', 'invalid'].filter((t) => actor.getSnapshot().hasTag(t as 'saving'));
  /** Names the lead, submits, and lets the save answer (or fail with `answer` an Error). */
  const saveAnswered = async (name: string, answer: SaveLeadAnswer | Error) => {
    change('name', name);
    actor.send({ type: 'user.submit' });
    if (answer instanceof Error) saveLead.reject(answer);
    else saveLead.resolve(answer);
    await flush();
  };
  return { actor, saveLead, change, tags, saveAnswered, snap: () => actor.getSnapshot() };
};

describe('adding a lead', () => {
  it('starts empty in the given tab, sends the fields that have a value, and ends with the saved lead', async () => {
    const m = start({ tabId: 3 });
    expect(m.snap().value).toEqual({ editing: 'idle' });
    expect(m.snap().context.values).toEqual({ ...valuesOf(undefined), tabId: '3' });
    m.change('name', '  Ann Lee ');
    m.change('email', 'Ann@Example.test');
    m.change('stage', 'discussions');
    m.change('companyName', '   ');
    m.actor.send({ type: 'user.submit' });
    expect(m.snap().value).toBe('saving');
    expect(m.tags()).toEqual(['saving']);
    expect(m.saveLead.calls).toEqual([
      { realRole: 'member', mode: 'add', body: { name: 'Ann Lee', tabId: 3, email: 'Ann@Example.test', stage: 'discussions' } },
    ]);
    const saved = aLead({ email: 'ann@example.test', stage: 'discussions' });
    m.saveLead.resolve(ok(saved));
    await flush();
    expect(m.snap().status).toBe('done');
    expect(m.snap().value).toBe('saved');
    expect(m.snap().output).toEqual({ lead: saved });
  });

  it('starts in No tabs without a tab, and calls as an admin for the owner and managers', () => {
    const m = start({ realRole: 'admin' });
    expect(m.snap().context.values.tabId).toBe('0');
    m.change('name', 'Bo');
    m.actor.send({ type: 'user.submit' });
    expect(m.saveLead.calls).toEqual([{ realRole: 'admin', mode: 'add', body: { name: 'Bo', tabId: 0 } }]);
  });

  it('moves the new lead to the tab chosen in the form', () => {
    const m = start({ tabId: 3 });
    m.change('name', 'Bo');
    m.change('tabId', '4');
    m.actor.send({ type: 'user.submit' });
    expect(m.saveLead.calls[0]?.body).toEqual({ name: 'Bo', tabId: 4 });
  });
});

describe('editing a lead', () => {
  it('shows the lead, sends only what changed with the edit time, and names the tab it was in', async () => {
    const lead = aLead({ phone: '+1 555', country: 'Chile', level: 'core', followUpTime: 1_700_000_123_456 });
    const m = start({ mode: 'edit', lead });
    expect(m.snap().context.values).toMatchObject({ name: 'Ann Lee', tabId: '3', phone: '+1 555', country: 'Chile', level: 'core' });
    m.change('phone', '+1 556');
    m.change('country', '');
    m.change('level', 'important');
    m.change('tabId', '4');
    m.actor.send({ type: 'user.submit' });
    // The follow-up time is shown to the minute and was not touched: it is not a change.
    expect(m.saveLead.calls).toEqual([
      { realRole: 'member', mode: 'edit', body: { id: 'lead-1', editTime: lead.editTime, phone: '+1 556', country: null, level: 'important', tabId: 4 } },
    ]);
    const saved = aLead({ phone: '+1 556', level: 'important', tabId: 4, editTime: lead.editTime + 1 });
    m.saveLead.resolve(ok(saved));
    await flush();
    expect(m.snap().output).toEqual({ lead: saved, previousTabId: 3 });
  });

  it('sends only the id and edit time when nothing changed', () => {
    const m = start({ mode: 'edit', lead: aLead({ email: 'ann@example.test' }) });
    m.change('email', ' ann@example.test ');
    m.actor.send({ type: 'user.submit' });
    expect(m.saveLead.calls[0]?.body).toEqual({ id: 'lead-1', editTime: 1_700_000_000_000 });
  });

  it('is an add when edit mode comes without a lead', () => {
    const m = start({ mode: 'edit' });
    expect(m.snap().context.mode).toBe('add');
    m.change('name', 'Cy');
    m.actor.send({ type: 'user.submit' });
    expect(m.saveLead.calls[0]?.mode).toBe('add');
  });
});

describe('checking the form (SPEC §5)', () => {
  it('requires the name and a valid email before saving, and says so under the fields', () => {
    const m = start();
    m.change('email', 'not-an-email');
    m.change('companyEmail', 'x@y');
    m.actor.send({ type: 'user.submit' });
    expect(m.snap().value).toEqual({ editing: 'invalid' });
    expect(m.tags()).toEqual(['invalid']);
    expect(m.snap().context.fieldErrors).toEqual({ name: 'nameRequired', email: 'emailInvalid', companyEmail: 'emailInvalid' });
    expect(m.saveLead.calls).toEqual([]);

    // Only spaces is no name either.
    m.change('name', '   ');
    m.actor.send({ type: 'user.submit' });
    expect(m.snap().context.fieldErrors.name).toBe('nameRequired');

    // A change takes its own message away; the form stays invalid while others remain.
    m.change('name', 'Ann');
    expect(m.snap().context.fieldErrors).toEqual({ email: 'emailInvalid', companyEmail: 'emailInvalid' });
    m.change('email', '');
    expect(m.snap().value).toEqual({ editing: 'invalid' });
    m.change('companyEmail', 'office@example.test');
    expect(m.snap().value).toEqual({ editing: 'idle' });
    expect(m.snap().context.fieldErrors).toEqual({});
    m.actor.send({ type: 'user.submit' });
    expect(m.saveLead.calls).toEqual([{ realRole: 'member', mode: 'add', body: { name: 'Ann', tabId: 0, companyEmail: 'office@example.test' } }]);
  });

  it('names the birthday format, a follow-up time that is not one, and text that is too long', () => {
    const errors = checkLeadForm({ ...valuesOf(undefined), name: 'x'.repeat(101), birthday: '1/2/2000', followUpTime: 'soon', companySize: 'y'.repeat(41) });
    expect(errors).toEqual({ name: 'tooLong', birthday: 'birthdayFormat', followUpTime: 'dateInvalid', companySize: 'tooLong' });
  });

  it('refuses a phone with characters other than digits, spaces and - + \\ ( ) (SPEC §5), and saves nothing', () => {
    const m = start();
    m.change('name', 'Ann');
    m.change('phone', '+1 415 555 0103 ext#9');
    m.change('companyPhone', 'abc#$%');
    m.actor.send({ type: 'user.submit' });
    expect(m.snap().value).toEqual({ editing: 'invalid' });
    expect(m.snap().context.fieldErrors).toEqual({ phone: 'phoneInvalid', companyPhone: 'phoneInvalid' });
    expect(m.saveLead.calls).toEqual([]);
    m.change('phone', '+1 (415) 555-0103');
    m.change('companyPhone', '');
    m.actor.send({ type: 'user.submit' });
    expect(m.saveLead.calls).toEqual([{ realRole: 'member', mode: 'add', body: { name: 'Ann', tabId: 0, phone: '+1 (415) 555-0103' } }]);
  });

  it('checks an edit with the update schema: an emptied name is refused', () => {
    expect(checkLeadForm({ ...valuesOf(aLead()), name: '' }, aLead())).toEqual({ name: 'nameRequired' });
    expect(checkLeadForm(valuesOf(aLead()), aLead())).toEqual({});
  });

  it('takes only a choice of a select field, anything else empties it', () => {
    const m = start();
    m.change('gender', 'female');
    expect(m.snap().context.values.gender).toBe('female');
    m.change('gender', 'other');
    expect(m.snap().context.values.gender).toBe('');
    m.change('source', 'chat-group');
    expect(m.snap().context.values.source).toBe('chat-group');
  });
});

describe('refusals', () => {
  it('shows a duplicate name (100010) under the name and marks the save failed', async () => {
    const m = start();
    await m.saveAnswered('Ann Lee', refused(Code.NAME_CONFLICT));
    expect(m.snap().value).toEqual({ editing: 'saveFailed' });
    expect(m.tags()).toEqual(['saveFailed']);
    expect(m.snap().context.fieldErrors).toEqual({ name: 'nameExists' });
    expect(m.snap().context.formError).toBeNull();
    // Another field's change keeps the failure; a new name takes it away.
    m.change('phone', '1');
    expect(m.tags()).toEqual(['saveFailed']);
    m.change('name', 'Ann Lee 2');
    expect(m.snap().value).toEqual({ editing: 'idle' });
    m.actor.send({ type: 'user.submit' });
    expect(m.saveLead.calls[1]?.body).toMatchObject({ name: 'Ann Lee 2', phone: '1' });
  });

  it('shows a validation refusal as the form error', async () => {
    const m = start();
    await m.saveAnswered('Ann', refused(Code.VALIDATION));
    expect(m.snap().value).toEqual({ editing: 'saveFailed' });
    expect(m.snap().context.formError).toEqual({ kind: 'server', code: Code.VALIDATION, message: codeMessage[Code.VALIDATION] });
  });

  it('shows a failed call, and a new submit tries again', async () => {
    const m = start();
    await m.saveAnswered('Ann', new Error('offline'));
    expect(m.snap().value).toEqual({ editing: 'saveFailed' });
    expect(m.snap().context.formError).toEqual({ kind: 'network' });
    m.actor.send({ type: 'user.submit' });
    expect(m.snap().value).toBe('saving');
    expect(m.snap().context.formError).toBeNull();
    expect(m.saveLead.calls).toHaveLength(2);
    expect(m.saveLead.calls[1]).toEqual(m.saveLead.calls[0]);
    m.saveLead.resolve(ok(aLead({ name: 'Ann' })));
    await flush();
    expect(m.snap().output).toEqual({ lead: aLead({ name: 'Ann' }) });
  });
});

describe('someone else changed the lead (STALE_EDIT)', () => {
  const lead = aLead({ phone: '1', country: 'Chile' });
  const theirs = aLead({ phone: '1', country: 'Peru', stage: 'closedWon', editTime: lead.editTime + 60_000 });

  const staleForm = async () => {
    const m = start({ mode: 'edit', lead });
    m.change('phone', '2');
    m.actor.send({ type: 'user.submit' });
    m.saveLead.resolve(stale(theirs));
    await flush();
    return m;
  };

  it('stops in stale, keeping what the user typed', async () => {
    const m = await staleForm();
    expect(m.snap().value).toBe('stale');
    expect(m.tags()).toEqual(['stale']);
    expect(m.snap().context.fresh).toEqual(theirs);
    expect(m.snap().context.values.phone).toBe('2');
    // The form waits for a choice.
    m.change('phone', '3');
    m.actor.send({ type: 'user.submit' });
    expect(m.snap().value).toBe('stale');
    expect(m.saveLead.calls).toHaveLength(1);
  });

  it('uses their version: the form shows it and the next save goes from it', async () => {
    const m = await staleForm();
    m.actor.send({ type: 'user.useFresh' });
    expect(m.snap().value).toEqual({ editing: 'idle' });
    expect(m.snap().context.values).toEqual(valuesOf(theirs));
    expect(m.snap().context.lead).toEqual(theirs);
    expect(m.snap().context.fresh).toBeNull();
    m.change('notes', 'called');
    m.actor.send({ type: 'user.submit' });
    expect(m.saveLead.calls[1]?.body).toEqual({ id: 'lead-1', editTime: theirs.editTime, notes: 'called' });
    m.saveLead.resolve(ok({ ...theirs, notes: 'called' }));
    await flush();
    expect(m.snap().output).toEqual({ lead: { ...theirs, notes: 'called' }, previousTabId: 3 });
  });

  it('keeps mine: saves what the user changed again, over their edit time', async () => {
    const m = await staleForm();
    m.actor.send({ type: 'user.overwrite' });
    expect(m.snap().value).toBe('saving');
    expect(m.saveLead.calls[1]).toEqual({ realRole: 'member', mode: 'edit', body: { id: 'lead-1', editTime: theirs.editTime, phone: '2' } });
    const saved = { ...theirs, phone: '2', editTime: theirs.editTime + 1 };
    m.saveLead.resolve(ok(saved));
    await flush();
    expect(m.snap().output).toEqual({ lead: saved, previousTabId: 3 });
  });

  it('can be cancelled', async () => {
    const m = await staleForm();
    m.actor.send({ type: 'user.cancel' });
    expect(m.snap().value).toBe('cancelled');
    expect(m.snap().output).toBeNull();
  });
});

describe('cancelling', () => {
  it('ends with no output, without saving', () => {
    const m = start();
    m.change('name', 'Ann');
    m.actor.send({ type: 'user.cancel' });
    expect(m.snap().status).toBe('done');
    expect(m.snap().value).toBe('cancelled');
    expect(m.snap().output).toBeNull();
    expect(m.saveLead.calls).toEqual([]);
  });

  it('waits for a save under way', async () => {
    const m = start();
    m.change('name', 'Ann');
    m.actor.send({ type: 'user.submit' });
    m.actor.send({ type: 'user.cancel' });
    expect(m.snap().value).toBe('saving');
    m.saveLead.resolve(ok(aLead({ name: 'Ann' })));
    await flush();
    expect(m.snap().value).toBe('saved');
  });
});

describe('valuesOf and requestOf', () => {
  it('shows a lead as the inputs hold it, and an empty form in a tab', () => {
    const lead = aLead({ birthday: '1990-05-04', gender: 'male', followUpTime: new Date(2025, 0, 15, 9, 30, 45).getTime(), companySize: '11-50' });
    expect(valuesOf(lead)).toMatchObject({ name: 'Ann Lee', tabId: '3', birthday: '1990-05-04', gender: 'male', followUpTime: '2025-01-15T09:30', companySize: '11-50', email: '' });
    expect(valuesOf(undefined, 4)).toMatchObject({ name: '', tabId: '4', gender: '', followUpTime: '' });
    expect(Object.values(valuesOf(undefined)).every((v) => typeof v === 'string')).toBe(true);
  });

  it('reads and writes the follow-up time in local time', () => {
    const time = new Date(2025, 6, 1, 18, 5).getTime();
    expect(localDateTimeOf(time)).toBe('2025-07-01T18:05');
    expect(timeOfLocalDateTime('2025-07-01T18:05')).toBe(time);
    expect(timeOfLocalDateTime('tomorrow')).toBeNaN();
    expect(requestOf({ ...valuesOf(undefined), name: 'A', followUpTime: '2025-07-01T18:05' })).toEqual({ name: 'A', tabId: 0, followUpTime: time });
  });

  it('builds the add body from every filled field, trimmed', () => {
    const values = { ...valuesOf(undefined, 3), name: ' Ann ', phone: ' 12 ', birthday: '1990-05-04', activity: 'orderPlaced' as const, companyAddress: 'Main St 1', notes: '' };
    expect(requestOf(values)).toEqual({ name: 'Ann', tabId: 3, phone: '12', birthday: '1990-05-04', activity: 'orderPlaced', companyAddress: 'Main St 1' });
  });

  it('builds the update body from the changed fields only, null clearing a field', () => {
    const lead = aLead({ phone: '12', notes: 'old', followUpTime: new Date(2025, 0, 1, 8, 0, 30).getTime() });
    expect(requestOf(valuesOf(lead), lead)).toEqual({ id: 'lead-1', editTime: lead.editTime });
    expect(requestOf({ ...valuesOf(lead), notes: '', name: 'Ann Lee', followUpTime: '2025-01-02T08:00', stage: 'closedLost' }, lead)).toEqual({
      id: 'lead-1',
      editTime: lead.editTime,
      notes: null,
      followUpTime: new Date(2025, 0, 2, 8, 0).getTime(),
      stage: 'closedLost',
    });
  });
});

describe('the save effect', () => {
  const wire = (data: unknown, code: number = Code.OK, message = 'success') =>
    code === Code.OK ? { ok: true, raw: false, code, data, message } : { ok: false, raw: false, code, data, message };

  const run = async (input: SaveLeadInput, answer: unknown) => {
    const fake = fakeFlowServices(() => answer);
    const logic = leadFormEffects(fake.services).actors?.saveLead as Parameters<typeof createActor>[0];
    const actor = createActor(logic, { input });
    const done = new Promise<unknown>((resolve, reject) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: reject }));
    actor.start();
    return { output: await done, calls: fake.calls };
  };

  it('adds by the caller’s real role and answers the lead', async () => {
    const lead = aLead();
    const member = await run({ realRole: 'member', mode: 'add', body: { name: 'Ann Lee', tabId: 3 } }, wire(lead));
    expect(member.calls).toEqual([{ name: 'memberLeadsAdd', body: { name: 'Ann Lee', tabId: 3 } }]);
    expect(member.output).toEqual({ ok: true, data: lead });
    const admin = await run({ realRole: 'admin', mode: 'add', body: { name: 'Ann Lee', tabId: 3 } }, wire(lead));
    expect(admin.calls[0]?.name).toBe('adminLeadsAdd');
  });

  it('updates, and reads the current lead of a STALE_EDIT answer', async () => {
    const theirs = aLead({ country: 'Peru', editTime: 2 });
    const body = { id: 'lead-1', editTime: 1, phone: '2' };
    const answer = await run({ realRole: 'admin', mode: 'edit', body }, wire(theirs, Code.STALE_EDIT, codeMessage[Code.STALE_EDIT]));
    expect(answer.calls).toEqual([{ name: 'adminLeadsUpdate', body }]);
    expect(answer.output).toEqual({ ok: false, code: Code.STALE_EDIT, message: codeMessage[Code.STALE_EDIT], fresh: theirs });
  });

  it('keeps other refusals as they are, and a STALE_EDIT without a readable lead as a refusal', () => {
    expect(leadAnswerOf(wire(null, Code.NAME_CONFLICT, codeMessage[Code.NAME_CONFLICT]) as never)).toEqual({
      ok: false,
      code: Code.NAME_CONFLICT,
      message: codeMessage[Code.NAME_CONFLICT],
    });
    expect(leadAnswerOf(wire({ id: 'x' }, Code.STALE_EDIT, 'stale') as never)).toEqual({ ok: false, code: Code.STALE_EDIT, message: 'stale' });
  });
});

describe('lead field limits', () => {
  it('reads each text field’s limit from the contract (the form’s too-long message states it)', () => {
    expect(leadFieldMaxLength('name')).toBe(100);
    expect(leadFieldMaxLength('email')).toBe(254);
    expect(leadFieldMaxLength('gender')).toBeNull();
  });
});
