/**
 * Generated path tests of adding leads in bulk (SPEC §2 assistant tools; §5 Import rules and
 * outcome counts; §7 /leads/import/pipeline by real role): every state and transition is reached;
 * the rows go to the import once, with the tab and the role, and the output is the import's counts
 * or the refusal's message. Then the effects on a fake API: the CSV file the import receives
 * (header, formula-safe cells, BOM), the relation and the tab, the /admin or /member path.
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { Code } from '../../src/contract/codes';
import { fromCsv, UTF8_BOM } from '../../src/contract/csv';
import { leadBatchAddMachine, type LeadBatchAddInput } from '../../src/machines/lead-batch-add.machine';
import { leadBatchAddEffects } from '../../src/services/actors/lead-batch';
import { fakeFlowServices } from '../support/fake-api';
import { actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';
import { failResult, okResult } from '../ui/harness';

const rows = [
  { name: 'Ada', phone: '+12025550101' },
  { name: '=HYPERLINK("x")', phone: '+8613800138000' },
];
const counts = { total: 2, added: 1, updated: 1, unchanged: 0, skipped: 0 };

const events = [
  { type: 'xstate.done.actor.importRows', output: { ok: true, data: counts } },
  { type: 'xstate.done.actor.importRows', output: { ok: false, code: Code.VALIDATION, message: 'Your file has no record.' } },
  { type: 'xstate.error.actor.importRows', error: new Error('Network error') },
];

const effects = (step: EffectStep): Effect[] => {
  const input = step.input as LeadBatchAddInput;
  if (step.index === 0) return input.rows.length === 0 ? [] : [actorRan('importRows', { rows: input.rows, tabId: input.tabId, realRole: input.realRole })];
  return [];
};

machinePathSuite('lead batch add machine paths', leadBatchAddMachine, {
  events,
  effects,
  serializeContext: (c) => ({ result: c.result }),
  variants: [
    { name: 'member, two rows', input: { rows, tabId: 7, realRole: 'member' } },
    { name: 'admin, no rows', input: { rows: [], tabId: 3, realRole: 'admin' } },
  ],
});

const outputOf = (input: LeadBatchAddInput, answer: unknown) => {
  const fake = fakeFlowServices(() => answer);
  const actor = createActor(leadBatchAddMachine.provide(leadBatchAddEffects(fake.services)), { input }).start();
  return { fake, done: toPromise(actor) };
};

describe('lead batch add outcomes', () => {
  it('outputs the import counts, or the refusal message, or nothing at all for no rows', async () => {
    await expect(outputOf({ rows, tabId: 7, realRole: 'member' }, okResult(counts)).done).resolves.toEqual({ ok: true, counts });
    await expect(outputOf({ rows, tabId: 7, realRole: 'member' }, failResult(Code.VALIDATION, 'Name and Phone is required.')).done).resolves.toEqual({
      ok: false,
      message: 'Name and Phone is required.',
    });
    const none = outputOf({ rows: [], tabId: 7, realRole: 'member' }, okResult(counts));
    await expect(none.done).resolves.toEqual({ ok: true, counts: { total: 0, added: 0, updated: 0, unchanged: 0, skipped: 0 } });
    expect(none.fake.calls).toEqual([]);
  });

  it('outputs the failure message when the call fails on the way', async () => {
    const fake = fakeFlowServices(() => Promise.reject(new Error('Network error, please check your connection and try again')));
    const actor = createActor(leadBatchAddMachine.provide(leadBatchAddEffects(fake.services)), { input: { rows, tabId: 7, realRole: 'admin' } }).start();
    await expect(toPromise(actor)).resolves.toEqual({ ok: false, message: 'Network error, please check your connection and try again' });
  });
});

describe('lead batch add effects', () => {
  it('sends the rows as one CSV file (header, BOM, formula-safe cells) with name → 0, phone → 1 and the tab, by the member path', async () => {
    const fake = fakeFlowServices(() => okResult(counts));
    const { importRows } = leadBatchAddEffects(fake.services).actors!;
    await expect(toPromise(createActor(importRows as AnyActorLogic, { input: { rows, tabId: 7, realRole: 'member' } }).start())).resolves.toEqual({
      ok: true,
      data: counts,
    });
    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.name).toBe('memberLeadsImport');
    const body = call.body as { file: File; relation: string; tabId: string };
    expect(body.relation).toBe('{"name":0,"phone":1}');
    expect(body.tabId).toBe('7');
    expect(body.file).toBeInstanceOf(File);
    expect(body.file.type).toBe('text/csv; charset=utf-8');
    // Read byte for byte: Blob.text() would drop the byte-order mark.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await body.file.arrayBuffer());
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    // Every cell quoted; a phone's leading + and a formula are guarded with an apostrophe (the import takes it off).
    expect(text.slice(1)).toBe(`"Name","Phone"\r\n"Ada","'+12025550101"\r\n"'=HYPERLINK(""x"")","'+8613800138000"`);
    expect(fromCsv(text)).toEqual([['Name', 'Phone'], ['Ada', '+12025550101'], ['=HYPERLINK("x")', '+8613800138000']]);
  });

  it('imports through the /admin path for an admin, and hands back a refusal as an answer', async () => {
    const fake = fakeFlowServices(() => failResult(Code.RATE_LIMITED, 'Too many requests'));
    const { importRows } = leadBatchAddEffects(fake.services).actors!;
    await expect(toPromise(createActor(importRows as AnyActorLogic, { input: { rows, tabId: 3, realRole: 'admin' } }).start())).resolves.toEqual({
      ok: false,
      code: Code.RATE_LIMITED,
      message: 'Too many requests',
    });
    expect(fake.calls.map((c) => c.name)).toEqual(['adminLeadsImport']);
  });
});
