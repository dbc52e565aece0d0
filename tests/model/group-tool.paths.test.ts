/**
 * Generated path tests of the group tool (SPEC §2 assistant tools: group tool; §5 Import rules;
 * §7 Extension messaging): every state and transition is reached; the groups and a group's
 * participants are asked of the extension, a stop says why, the selection starts with everyone,
 * the export gets the selected participants with the group's name and the column texts, adding
 * loads the member's tabs by role and starts the lead batch child with the selected participants
 * (a nameless one under its phone) and the chosen tab. Then the effects: the bridge's replies read
 * into answers, the tabs call, the CSV file (BOM, guarded cells, the file named after the group).
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { fromCsv, UTF8_BOM } from '../../src/contract/csv';
import { groupToolMachine, selectStep, type GroupToolContext, type GroupToolStep, type ParticipantRow } from '../../src/machines/group-tool.machine';
import { groupCsvFilename, groupCsvOf, groupToolEffects } from '../../src/services/actors/group-tool';
import { createFakeExtension } from '../../src/services/extension/fake';
import { fakeFlowServices } from '../support/fake-api';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';
import { okResult } from '../ui/harness';

const G1 = { chatWhatsappId: '14155550100-1600000001@g.us', name: 'Wholesale buyers', size: 3 };
const G2 = { chatWhatsappId: '14155550100-1600000002@g.us', name: '售后服务群', size: 5 };
const ada: ParticipantRow = { phone: '14155550100', international: '+1 415 555 0100', name: null, isAdmin: true };
const bo: ParticipantRow = { phone: '8613800138000', international: '+86 138 0013 8000', name: '王芳', isAdmin: false };
const cy: ParticipantRow = { phone: '447700900123', international: '+44 7700 900123', name: 'Cy Reed', isAdmin: false };
const tabs = [
  { id: 0, name: 'No tabs', isDefault: 0 },
  { id: 5, name: 'New', isDefault: 1 },
  { id: 6, name: 'Won', isDefault: 0 },
];
const counts = { total: 3, added: 2, updated: 1, unchanged: 0, skipped: 0 };
const headers = ['Name', 'Phone', 'Admin'];

const events = [
  { type: 'xstate.done.actor.loadGroups', output: { ok: true, groups: [G1, G2] } },
  { type: 'xstate.done.actor.loadGroups', output: { ok: true, groups: [] } },
  { type: 'xstate.done.actor.loadGroups', output: { ok: false, stop: 'notConnected' } },
  { type: 'xstate.error.actor.loadGroups', error: new Error('no bridge') },
  { type: 'user.pickGroup', chatWhatsappId: G1.chatWhatsappId },
  { type: 'user.pickGroup', chatWhatsappId: '1-1@g.us' },
  { type: 'xstate.done.actor.loadParticipants', output: { ok: true, participants: [ada, bo, cy] } },
  { type: 'xstate.done.actor.loadParticipants', output: { ok: true, participants: [] } },
  { type: 'xstate.done.actor.loadParticipants', output: { ok: false, stop: 'unreachable' } },
  { type: 'xstate.error.actor.loadParticipants', error: new Error('no bridge') },
  { type: 'user.toggle', phone: ada.phone },
  { type: 'user.toggleAll' },
  { type: 'user.export', headers, adminMark: 'Admin' },
  { type: 'user.addAsLeads' },
  { type: 'xstate.done.actor.loadTabs', output: tabs },
  { type: 'xstate.error.actor.loadTabs', error: new Error('Tabs failed (code 100030)') },
  { type: 'user.chooseTab', tabId: 6 },
  { type: 'user.chooseTab', tabId: 99 },
  { type: 'user.confirmAdd' },
  { type: 'xstate.done.actor.leadBatchAdd', output: { ok: true, counts } },
  { type: 'xstate.done.actor.leadBatchAdd', output: { ok: false, message: 'Too many attempts, please try again later' } },
  { type: 'user.back' },
  { type: 'user.retry' },
  { type: 'user.close' },
];

type Ctx = Pick<GroupToolContext, 'realRole' | 'requested' | 'group' | 'selected' | 'tabId' | 'tabs' | 'groups'>;

/** The selected participants as the lead batch gets them, written out: Ada has no name, so her phone is her name. */
const rowsFor = (selected: readonly string[]) =>
  [
    { phone: ada.phone, row: { name: '+1 415 555 0100', phone: '+1 415 555 0100' } },
    { phone: bo.phone, row: { name: '王芳', phone: '+86 138 0013 8000' } },
    { phone: cy.phone, row: { name: 'Cy Reed', phone: '+44 7700 900123' } },
  ]
    .filter((r) => selected.includes(r.phone))
    .map((r) => r.row);
const selectedRows = (selected: readonly string[]) => [ada, bo, cy].filter((p) => selected.includes(p.phone));

const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  const before = step.before?.context as Ctx | undefined;
  const from = (state: string) => step.before?.matches(state) ?? false;
  const to = (state: string) => step.after.matches(state);
  const participantsOf = (group: { chatWhatsappId: string } | null) => actorRan('loadParticipants', { chatWhatsappId: group!.chatWhatsappId });
  const add = (c: Ctx) => actorRan('leadBatchAdd', { rows: rowsFor(c.selected), tabId: c.tabId, realRole: c.realRole });
  if (step.index === 0) return [actorRan('loadGroups')];
  switch (event.type) {
    case 'user.retry':
      if (to('loadingGroups')) return [actorRan('loadGroups')];
      if (to('readingParticipants')) return [participantsOf(before!.group)];
      if (to('addTo.loadingTabs')) return [actorRan('loadTabs', { realRole: before!.realRole })];
      if (to('adding')) return [add(before!)];
      return [];
    case 'xstate.done.actor.loadGroups':
      return to('readingParticipants') ? [participantsOf({ chatWhatsappId: before!.requested! })] : [];
    case 'user.pickGroup':
      return to('readingParticipants') ? [participantsOf({ chatWhatsappId: event.chatWhatsappId as string })] : [];
    case 'user.export':
      return from('participants') && before!.selected.length > 0
        ? [actionRan('exportCsv', { groupName: before!.group!.name, participants: selectedRows(before!.selected), headers, adminMark: 'Admin' })]
        : [];
    case 'user.addAsLeads':
      return to('addTo.loadingTabs') ? [actorRan('loadTabs', { realRole: before!.realRole })] : [];
    case 'user.confirmAdd':
      return to('adding') ? [add(before!)] : [];
    default:
      return [];
  }
};

machinePathSuite('group tool machine paths', groupToolMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    requested: c.requested,
    groups: c.groups.length,
    group: c.group?.chatWhatsappId ?? null,
    stop: c.stop,
    participants: c.participants.length,
    selected: c.selected,
    tabs: c.tabs.length,
    tabId: c.tabId,
    outcome: c.outcome?.ok ?? null,
    added: c.added > 0,
  }),
  variants: [
    { name: 'member, no group asked for', input: { realRole: 'member' } },
    { name: 'admin, opened from a group', input: { realRole: 'admin', chatWhatsappId: G2.chatWhatsappId } },
  ],
});

describe('group tool outcome', () => {
  it('opens the group asked for, selects everyone, adds them to the first custom tab and outputs the changed leads', async () => {
    const extension = createFakeExtension({
      fetchGroups: () => ({ groups: [G1, G2] }),
      fetchGroupParticipants: () => ({ participants: [{ phone: '8613800138000', name: '王芳', isAdmin: false }] }),
    });
    const fake = fakeFlowServices((name) => (name === 'memberUserTabs' ? okResult({ tabs }) : okResult(counts)));
    fake.services.bridge = extension;
    const actor = createActor(groupToolMachine.provide(groupToolEffects(fake.services)), { input: { realRole: 'member', chatWhatsappId: G2.chatWhatsappId } }).start();
    const reach = (step: GroupToolStep) =>
      new Promise<void>((resolve) => {
        const check = () => selectStep(actor.getSnapshot()) === step && (resolve(), true);
        if (!check()) actor.subscribe(() => void check());
      });
    await reach('participants');
    expect(actor.getSnapshot().context.selected).toEqual(['8613800138000']);
    expect(extension.sent.map((m) => [m.type, m.payload])).toEqual([
      ['fetchGroups', undefined],
      ['fetchGroupParticipants', { chatWhatsappId: G2.chatWhatsappId }],
    ]);
    actor.send({ type: 'user.addAsLeads' });
    await reach('choosingTab');
    expect(actor.getSnapshot().context.tabId).toBe(5);
    actor.send({ type: 'user.confirmAdd' });
    await reach('added');
    expect(fake.calls.map((c) => c.name)).toEqual(['memberUserTabs', 'memberLeadsImport']);
    expect((fake.calls[1]!.body as { tabId: string }).tabId).toBe('5');
    actor.send({ type: 'user.close' });
    await expect(toPromise(actor)).resolves.toEqual({ added: 3 });
  });
});

describe('group tool effects', () => {
  const run = (logic: unknown, input?: unknown) => toPromise(createActor(logic as AnyActorLogic, { input }).start());

  it('reads the extension’s replies: groups, participants in the international form, refusals, and no answer as unreachable', async () => {
    const fake = fakeFlowServices(() => okResult({ tabs }));
    const extension = createFakeExtension({ fetchGroups: () => ({ groups: [G1] }) });
    fake.services.bridge = extension;
    const { loadGroups, loadParticipants, loadTabs } = groupToolEffects(fake.services).actors!;
    await expect(run(loadGroups)).resolves.toEqual({ ok: true, groups: [G1] });
    extension.setHandler('fetchGroups', () => ({ groups: [], refused: 'noNumber' }));
    await expect(run(loadGroups)).resolves.toEqual({ ok: false, stop: 'noNumber' });
    extension.setHandler('fetchGroups', () => ({ something: 'else' }));
    await expect(run(loadGroups)).resolves.toEqual({ ok: false, stop: 'unreachable' });
    extension.setHandler('fetchGroups', undefined);
    await expect(run(loadGroups)).resolves.toEqual({ ok: false, stop: 'unreachable' });

    extension.setHandler('fetchGroupParticipants', () => ({
      participants: [
        { phone: '447911123456', name: 'Cy Reed', isAdmin: true },
        { phone: '8613800138000', name: null, isAdmin: false },
        { phone: '447700900123', name: null, isAdmin: false },
      ],
    }));
    await expect(run(loadParticipants, { chatWhatsappId: G1.chatWhatsappId })).resolves.toEqual({
      ok: true,
      participants: [
        { phone: '447911123456', international: '+44 7911 123456', name: 'Cy Reed', isAdmin: true },
        { phone: '8613800138000', international: '+86 138 0013 8000', name: null, isAdmin: false },
        // No valid number by the reading (a reserved range): '+' and its digits.
        { phone: '447700900123', international: '+447700900123', name: null, isAdmin: false },
      ],
    });
    expect(extension.sent.at(-1)).toEqual({ sender: 'crm-web', target: 'background', type: 'fetchGroupParticipants', payload: { chatWhatsappId: G1.chatWhatsappId } });
    extension.setHandler('fetchGroupParticipants', () => ({ participants: [], refused: 'noGroup' }));
    await expect(run(loadParticipants, { chatWhatsappId: G1.chatWhatsappId })).resolves.toEqual({ ok: false, stop: 'noGroup' });

    await expect(run(loadTabs, { realRole: 'admin' })).resolves.toEqual(tabs);
    expect(fake.calls.map((c) => c.name)).toEqual(['adminUserTabs']);
  });

  it('saves the selected participants as a CSV file named after the group: BOM, every cell quoted, formulas guarded', async () => {
    const saved: { blob: Blob; filename: string }[] = [];
    const fake = fakeFlowServices(() => okResult(null));
    fake.services.files = { save: (blob, filename) => void saved.push({ blob, filename }) };
    const { exportCsv } = groupToolEffects(fake.services).actions! as { exportCsv: (args: unknown, params: unknown) => void };
    const sly: ParticipantRow = { phone: '14155550123', international: '+1 415 555 0123', name: '=cmd|calc', isAdmin: false };
    exportCsv({}, { groupName: 'Wholesale buyers', participants: [ada, bo, sly], headers: ['姓名', '电话', '管理员'], adminMark: '是' });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.filename).toBe('Wholesale buyers.csv');
    expect(saved[0]!.blob.type).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0]!.blob.arrayBuffer());
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.slice(1)).toBe(
      ['"姓名","电话","管理员"', `"","'+1 415 555 0100","是"`, `"王芳","'+86 138 0013 8000",""`, `"'=cmd|calc","'+1 415 555 0123",""`].join('\r\n'),
    );
    expect(fromCsv(groupCsvOf({ participants: [sly], headers: ['Name', 'Phone', 'Admin'], adminMark: 'Yes' }))).toEqual([
      ['Name', 'Phone', 'Admin'],
      ['=cmd|calc', '+1 415 555 0123', ''],
    ]);
  });

  it('names the file after the group, safe for a file system', () => {
    expect(groupCsvFilename('售后服务群')).toBe('售后服务群.csv');
    expect(groupCsvFilename('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j.csv');
    expect(groupCsvFilename('  ..hidden  \n name.. ')).toBe('hidden name.csv');
    expect(groupCsvFilename('')).toBe('group.csv');
    expect(groupCsvFilename('///')).toBe('_.csv');
    expect(groupCsvFilename('x'.repeat(200))).toBe(`${'x'.repeat(80)}.csv`);
  });
});
