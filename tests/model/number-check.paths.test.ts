/**
 * Generated path tests of the number check (SPEC §2 assistant tools; §5 "Check tools need country
 * code and phone number"; §7 Extension messaging): every state and transition is reached, and each
 * step runs exactly its effects: the phone library got ready at the start; the one number read
 * only once both fields are filled, then asked of the extension; Start chat only for a found one;
 * the list read with its text and default code, then asked in batches of 100 (a batch after
 * another, each with its numbers), stopped by no answer, a refusal or Cancel; the member's tabs
 * loaded once something was found; the found numbers added to the chosen tab by the lead batch
 * child, with the profile name or else the number as the lead's name.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { NUMBER_CHECK_BATCH, type CheckNumbersReply } from '../../src/contract/extension';
import type { Tab } from '../../src/contract/leads';
import type { ParsedList } from '../../src/contract/number-check';
import { numberCheckMachine, type NumberCheckContext, type ParseListOutput, type ReadSingle } from '../../src/machines/number-check.machine';
import { actionRan, actorRan, enters, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

/** 150 numbers: two batches (100, then 50). Number i is found when i is even, named when i is a multiple of 4. */
const phones = Array.from({ length: 150 }, (_, i) => `1415555${String(1000 + i)}`);
const international = (phone: string) => `+1 415 555 ${phone.slice(7)}`;
const list: ParsedList = {
  numbers: phones.map((phone, i) => ({ phone, international: international(phone), lines: [i + 1] })),
  invalid: [{ line: 151, text: 'abc', problem: 'characters' }],
  duplicates: 2,
};
const tabs: Tab[] = [
  { id: 0, name: 'No tabs', isDefault: 1 },
  { id: 5, name: 'Hot', isDefault: 0 },
];
const TEXT = '+1 415 555 1000\n+1 415 555 1001';

const ctx = (s: AnyMachineSnapshot) => s.context as NumberCheckContext;

/** The extension's answer to the batch the machine is asking (by the test's own rule). */
const batchAnswer = (c: NumberCheckContext): CheckNumbersReply => ({
  results: phones.slice(c.checked, c.checked + NUMBER_CHECK_BATCH).map((phone) => {
    const i = phones.indexOf(phone);
    return { phone, exists: i % 2 === 0, name: i % 4 === 0 ? `Person ${i}` : null };
  }),
});

const singleRead: ReadSingle = { ok: true, phone: '8613800138000', international: '+86 138 0013 8000' };

/**
 * The events tried in each state. Fields are only filled, never emptied again, and each detour is
 * offered from one context, so the graph stays small while every transition is taken: the one
 * number's form only while the list is untouched, the list's form only while the one number's is,
 * the filter and Close from one state each.
 */
const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const listUntouched = c.listText === '' && c.numbers.length === 0 && c.invalid.length === 0;
  const singleUntouched = c.countryCode === '' && c.phone === '' && c.single === null && c.singleStop === null && c.singleErrors.countryCode === null && c.singleErrors.phone === null;
  if (s.matches({ single: 'editing' })) {
    if (!listUntouched) return [{ type: 'user.showList' }];
    return [
      ...(c.countryCode === '' ? [{ type: 'user.changeCountryCode', value: '86' }] : []),
      ...(c.phone === '' && c.singleErrors.countryCode !== null ? [{ type: 'user.changePhone', value: '138 0013 8000' }] : []),
      { type: 'user.check' },
      ...(c.single ? [{ type: 'user.startChat' }] : []),
      ...(singleUntouched ? [{ type: 'user.showList' }, { type: 'user.close' }] : []),
    ];
  }
  if (s.matches({ single: 'reading' })) {
    return [
      { type: 'xstate.done.actor.readSingle', output: singleRead },
      { type: 'xstate.done.actor.readSingle', output: { ok: false, field: 'phone', problem: 'invalid' } satisfies ReadSingle },
      { type: 'xstate.done.actor.readSingle', output: { ok: false, field: 'countryCode', problem: 'unknown' } satisfies ReadSingle },
      { type: 'xstate.error.actor.readSingle', error: new Error('chunk failed') },
    ];
  }
  if (s.matches({ single: 'asking' })) {
    return [
      { type: 'xstate.done.actor.checkNumbers', output: undefined },
      { type: 'xstate.done.actor.checkNumbers', output: { results: [], refused: 'noNumber' } },
      { type: 'xstate.done.actor.checkNumbers', output: { results: [{ phone: singleRead.phone, exists: true, name: 'Wang Fang' }] } },
      { type: 'xstate.done.actor.checkNumbers', output: { results: [{ phone: singleRead.phone, exists: false, name: null }] } },
      { type: 'xstate.error.actor.checkNumbers', error: new Error('lost') },
    ];
  }
  if (s.matches({ list: 'editing' })) {
    return [
      ...(c.listText === '' && c.listError !== null ? [{ type: 'user.changeList', value: TEXT }] : []),
      ...(c.defaultCode === '' && c.listText === '' ? [{ type: 'user.changeDefaultCode', value: '1' }] : []),
      { type: 'user.submitList' },
      ...(c.listText === '' && c.listError === null && c.defaultCode === '' ? [{ type: 'user.showSingle' }] : []),
    ];
  }
  if (s.matches({ list: 'parsing' })) {
    return [
      { type: 'xstate.done.actor.parseList', output: { ok: false, problem: 'tooMany' } satisfies ParseListOutput },
      { type: 'xstate.done.actor.parseList', output: { ok: false, problem: 'defaultCodeUnknown' } satisfies ParseListOutput },
      { type: 'xstate.done.actor.parseList', output: { ok: true, list: { numbers: [], invalid: list.invalid, duplicates: 0 } } satisfies ParseListOutput },
      { type: 'xstate.done.actor.parseList', output: { ok: true, list } satisfies ParseListOutput },
      { type: 'xstate.error.actor.parseList', error: new Error('chunk failed') },
    ];
  }
  if (s.matches({ list: 'checking' })) {
    return [
      { type: 'xstate.done.actor.checkNumbers', output: batchAnswer(c) },
      { type: 'xstate.done.actor.checkNumbers', output: undefined },
      { type: 'xstate.done.actor.checkNumbers', output: { results: [], refused: 'notConnected' } },
      { type: 'xstate.error.actor.checkNumbers', error: new Error('lost') },
      { type: 'user.cancel' },
    ];
  }
  // The results: explored fully only when every number was answered.
  if (c.stopped !== null) return [];
  if (s.matches({ list: { results: 'loadingTabs' } })) {
    return [{ type: 'xstate.done.actor.loadTabs', output: tabs }, { type: 'xstate.error.actor.loadTabs', error: new Error('offline') }];
  }
  if (s.matches({ list: { results: 'ready' } })) {
    if (c.outcome !== null) return [];
    return [
      ...(c.tabId === 0 && c.tabs.length > 0 ? [{ type: 'user.chooseTab', tabId: 5 }] : []),
      { type: 'user.addFound' },
      ...(c.tabs.length === 0 && c.filter === 'all' ? [{ type: 'user.filter', filter: 'found' }] : []),
      ...(c.tabId === 0 && c.tabs.length > 0 ? [{ type: 'user.showSingle' }, { type: 'user.newList' }] : []),
    ];
  }
  if (s.matches({ list: { results: 'adding' } })) {
    return [
      { type: 'xstate.done.actor.leadBatchAdd', output: { ok: true, counts: { total: 75, added: 70, updated: 3, unchanged: 2, skipped: 0 } } },
      { type: 'xstate.done.actor.leadBatchAdd', output: { ok: true, counts: { total: 75, added: 0, updated: 0, unchanged: 75, skipped: 0 } } },
      { type: 'xstate.done.actor.leadBatchAdd', output: { ok: false, message: 'Your file has no record.' } },
      { type: 'xstate.error.actor.leadBatchAdd', error: new Error('network') },
    ];
  }
  return [];
};

/** The found numbers of the context as the leads the batch gets: the profile name, else the international number. */
const foundRows = (c: NumberCheckContext) =>
  c.numbers.flatMap((n) => {
    if (n.status !== 'found') return [];
    const i = phones.indexOf(n.phone);
    return [{ name: i % 4 === 0 ? `Person ${i}` : international(n.phone), phone: international(n.phone) }];
  });

const effects = (step: EffectStep): Effect[] => {
  const { event, before, after } = step;
  if (step.index === 0 || !before) return [actionRan('prepare')];
  const b = ctx(before);
  const out: Effect[] = [];
  if (enters(step, 'numberCheck.single.reading')) out.push(actorRan('readSingle', { countryCode: b.countryCode, phone: b.phone }));
  if (enters(step, 'numberCheck.single.asking')) out.push(actorRan('checkNumbers', { phones: [singleRead.phone] }));
  if (event.type === 'user.startChat' && before.matches({ single: 'editing' }) && b.single?.exists) out.push(actionRan('startChat', { phone: '+86 138 0013 8000' }));
  if (enters(step, 'numberCheck.list.parsing')) out.push(actorRan('parseList', { text: b.listText, defaultCode: b.defaultCode }));
  // Checking is entered from the reading, and entered again after each answered batch but the last.
  const nextBatch = event.type === 'xstate.done.actor.checkNumbers' && before.matches({ list: 'checking' }) && after.matches({ list: 'checking' });
  if (enters(step, 'numberCheck.list.checking')) out.push(actorRan('checkNumbers', { phones: phones.slice(0, 100) }));
  if (nextBatch) out.push(actorRan('checkNumbers', { phones: phones.slice(100, 150) }));
  if (enters(step, 'numberCheck.list.results.loadingTabs')) out.push(actorRan('loadTabs', { realRole: 'member' }));
  if (enters(step, 'numberCheck.list.results.adding')) out.push(actorRan('leadBatchAdd', { rows: foundRows(b), tabId: b.tabId, realRole: 'member' }));
  return out;
};

machinePathSuite('number check machine paths', numberCheckMachine, {
  events,
  effects,
  input: { realRole: 'member' },
  serializeContext: (c) => ({
    mode: c.mode,
    cc: c.countryCode !== '',
    ph: c.phone !== '',
    errors: c.singleErrors,
    single: c.single ? c.single.exists : null,
    singleStop: c.singleStop,
    text: c.listText !== '',
    code: c.defaultCode !== '',
    listError: c.listError,
    numbers: c.numbers.length,
    found: c.numbers.filter((n) => n.status === 'found').length,
    invalid: c.invalid.length,
    checked: c.checked,
    stopped: c.stopped,
    filter: c.filter,
    tabs: c.tabs.length,
    tabsFailed: c.tabsFailed,
    tabId: c.tabId,
    outcome: c.outcome === null ? null : c.outcome.ok,
    added: c.added,
  }),
});
