import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { NavigateParams } from '../../src/machines/constants';
import { sessionMachine } from '../../src/machines/session.machine';
import { controllable, flush } from '../support/fakes';

const setupSession = (token: boolean) => {
  const signOut = controllable<number>();
  const log: string[] = [];
  const machine = sessionMachine.provide({
    actors: { signOut: signOut.logic },
    guards: { hasStoredToken: () => token },
    actions: {
      clearToken: () => log.push('clearToken'),
      navigate: (_, p: NavigateParams) => log.push(`navigate ${p.to}`),
      toLoginReturning: () => log.push('toLoginReturning'),
      openLogoutLink: () => log.push('openLogoutLink'),
      announceSessionStarted: () => log.push('announceSessionStarted'),
      announceSessionEnded: () => log.push('announceSessionEnded'),
    },
  });
  const actor = createActor(machine).start();
  // What starting did (the announcement of a session found in storage); the tests check what follows.
  const started = log.splice(0);
  return { actor, signOut, log, started };
};

describe('session', () => {
  it('starts signed in with a stored token and signed out without', () => {
    expect(setupSession(true).actor.getSnapshot().value).toBe('signedIn');
    expect(setupSession(true).actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(setupSession(false).actor.getSnapshot().value).toBe('signedOut');
  });

  it('announces every start of a session (the app system starts the long-lived flows on it)', () => {
    expect(setupSession(true).started).toEqual(['announceSessionStarted']);
    const s = setupSession(false);
    expect(s.started).toEqual([]);
    s.actor.send({ type: 'session.signedIn' });
    expect(s.log).toEqual(['announceSessionStarted']);
  });

  it('session.signedIn after a sign-in', () => {
    const s = setupSession(false);
    s.actor.send({ type: 'session.signedIn' });
    expect(s.actor.getSnapshot().value).toBe('signedIn');
  });

  it.each([Code.TOKEN_EXPIRED, Code.TOKEN_INVALID])('code %i clears the token, then goes to /login with the way back', (code) => {
    const s = setupSession(true);
    s.actor.send({ type: 'api.sessionEnded', code });
    expect(s.log).toEqual(['clearToken', 'toLoginReturning', 'announceSessionEnded']);
    expect(s.actor.getSnapshot().value).toBe('expired');
    expect(s.actor.getSnapshot().context.lastCode).toBe(code);
    // Other calls failing the same way change nothing more.
    s.actor.send({ type: 'api.sessionEnded', code });
    expect(s.log).toHaveLength(3);
    s.actor.send({ type: 'session.signedIn' });
    expect(s.actor.getSnapshot().value).toBe('signedIn');
    expect(s.actor.getSnapshot().context.lastCode).toBeNull();
  });

  it('ignores codes that do not end the session', () => {
    const s = setupSession(true);
    s.actor.send({ type: 'api.sessionEnded', code: Code.FORBIDDEN });
    expect(s.actor.getSnapshot().value).toBe('signedIn');
    expect(s.log).toEqual([]);
  });

  it.each([Code.SIGNED_OUT, Code.OK])('sign-out answered %i goes to /login', async (code) => {
    const s = setupSession(true);
    s.actor.send({ type: 'user.signOut' });
    expect(s.actor.getSnapshot().hasTag('busy')).toBe(true);
    s.signOut.resolve(code);
    await flush();
    expect(s.log).toEqual(['clearToken', 'navigate /login', 'announceSessionEnded']);
    expect(s.actor.getSnapshot().value).toBe('signedOut');
  });

  it('sign-out answered 100002 opens the logout link', async () => {
    const s = setupSession(true);
    s.actor.send({ type: 'user.signOut' });
    s.signOut.resolve(Code.LOGOUT_REDIRECT);
    await flush();
    expect(s.log).toEqual(['clearToken', 'openLogoutLink', 'announceSessionEnded']);
  });

  it.each([
    ['an unexpected code', (s: ReturnType<typeof setupSession>) => s.signOut.resolve(Code.INTERNAL)],
    ['a failed call', (s: ReturnType<typeof setupSession>) => s.signOut.reject(new Error('network'))],
  ])('sign-out with %s still clears the token and goes to /login', async (_, settle) => {
    const s = setupSession(true);
    s.actor.send({ type: 'user.signOut' });
    settle(s);
    await flush();
    expect(s.log).toEqual(['clearToken', 'navigate /login', 'announceSessionEnded']);
    expect(s.actor.getSnapshot().value).toBe('signedOut');
  });

  it('the default signOut actor says it is not provided', async () => {
    const onError = vi.fn();
    const actor = createActor(
      sessionMachine.provide({
        guards: { hasStoredToken: () => true },
        actions: { clearToken: () => undefined, navigate: () => undefined, announceSessionStarted: () => undefined, announceSessionEnded: onError },
      }),
      { inspect: () => undefined },
    ).start();
    const errors: string[] = [];
    actor.system.inspect((ev) => {
      if (ev.type === '@xstate.event' && ev.event.type === 'xstate.error.actor.signOut') errors.push(String((ev.event as { error?: unknown }).error));
    });
    actor.send({ type: 'user.signOut' });
    await flush();
    expect(errors[0]).toContain("actor 'signOut' is not provided");
    expect(onError).toHaveBeenCalled();
  });
});
