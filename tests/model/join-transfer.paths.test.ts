/**
 * Generated path tests of joinTransfer (SPEC §2 standalone routes: it skips the login gate and
 * carries a join in progress to the workspace page): every state and transition is reached; with
 * an invitation token the router moves on to the invitation page with it (the token encoded, its
 * spaces trimmed), without one (or a blank one) to the workspace page, always replacing the entry.
 */
import { describe, expect, it } from 'vitest';
import { joinTransferMachine, joinTargetOf } from '../../src/machines/join-transfer.machine';
import { actionRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const effects = (step: EffectStep): Effect[] => {
  if (step.index !== 0) return [];
  const token = (step.input as { inviteToken: string | null }).inviteToken;
  const to = token === ' a&b ' ? '/workspace/grant-access?invite_token=a%26b' : '/workspace';
  return [actionRan('navigate', { to, replace: true })];
};

machinePathSuite('join transfer machine paths', joinTransferMachine, {
  events: [],
  effects,
  variants: [
    { name: 'with a token', input: { inviteToken: ' a&b ' } },
    { name: 'without one', input: { inviteToken: null } },
    { name: 'a blank one', input: { inviteToken: '  ' } },
  ],
});

describe('joinTargetOf', () => {
  it('is the invitation page with the token, or the workspace page', () => {
    expect(joinTargetOf('T 1')).toBe('/workspace/grant-access?invite_token=T+1');
    expect(joinTargetOf(null)).toBe('/workspace');
    expect(joinTargetOf('')).toBe('/workspace');
  });
});
