/**
 * Generated path tests of the workspace-creation machine: every state and transition is reached,
 * and each step creates the workspace with the trimmed name and the invited addresses (lower
 * case, once each) only when the form is valid, then reloads the gate and goes on to the safe
 * `to` target (SPEC §2 /workspace).
 */
import { Code } from '../../src/contract/codes';
import { workspaceCreateMachine, type WorkspaceCreateContext } from '../../src/machines/workspace-create.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const events = [
  { type: 'user.changeName', value: '  Acme Support ' },
  { type: 'user.changeName', value: '   ' },
  { type: 'user.changeName', value: 'x'.repeat(200) },
  { type: 'user.changeEmails', value: 'Ann@Example.test, ann@example.test; bob@example.test' },
  { type: 'user.changeEmails', value: 'nope' },
  { type: 'user.submit' },
  { type: 'xstate.done.actor.createWorkspace', output: { ok: true } },
  { type: 'xstate.done.actor.createWorkspace', output: { ok: false, code: Code.VALIDATION, message: 'bad name' } },
  { type: 'xstate.error.actor.createWorkspace', error: new Error('network') },
];

const variants = [
  { name: 'to contacts', input: { to: '/contacts?a=1' }, goesTo: '/contacts?a=1' },
  { name: 'to another site', input: { to: '//evil.example' }, goesTo: '/v2/home' },
  { name: 'to the workspace page', input: { to: '/workspace' }, goesTo: '/v2/home' },
  { name: 'no target', input: {}, goesTo: '/v2/home' },
];

/** The latest value of a field, from the path's events. */
const latest = (history: readonly PathEvent[], type: string): string =>
  (history.findLast((e) => e.type === type)?.value as string | undefined) ?? '';

const addresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const isAddress = (a: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a);
/** A name of 1 to 60 characters once trimmed (the contract's workspace name). */
const nameOk = (name: string) => name.trim().length > 0 && name.trim().length <= 60;

/**
 * Submitting a valid form (a name, every address valid) creates the workspace with the trimmed
 * name and the addresses in lower case, once each; created: the gate reloads and the browser
 * goes to the safe target.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  if (event.type === 'user.submit' && step.before!.matches('editing')) {
    const name = latest(step.history, 'user.changeName');
    const emails = addresses(latest(step.history, 'user.changeEmails'));
    if (!nameOk(name) || !emails.every(isAddress)) return [];
    return [actorRan('createWorkspace', { workspaceName: name.trim(), inviteEmails: [...new Set(emails.map((e) => e.toLowerCase()))] })];
  }
  if (event.type === 'xstate.done.actor.createWorkspace' && (event.output as { ok: boolean }).ok) {
    const to = variants.find((v) => v.name === step.variant)!.goesTo;
    return [actionRan('reloadGate'), actionRan('navigate', { to, replace: true })];
  }
  return [];
};

machinePathSuite('workspace create machine paths', workspaceCreateMachine, {
  events,
  effects,
  // What the form's checks make of the fields, and the errors shown.
  serializeContext: (c: WorkspaceCreateContext) => ({
    name: c.name.trim() === '' ? 'empty' : c.name.trim().length > 60 ? 'long' : 'ok',
    emails: c.emails === '' ? 'none' : addresses(c.emails).every(isAddress) ? 'ok' : 'invalid',
    nameError: c.nameError,
    invalid: c.invalidEmails.length,
    submitError: c.submitError ? ('code' in c.submitError ? c.submitError.code : c.submitError.kind) : null,
    to: c.to,
  }),
  variants: variants.map(({ name, input }) => ({ name, input })),
});
