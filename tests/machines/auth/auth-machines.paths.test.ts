/**
 * Generated path tests for the auth form machines: every state and transition is reached by some
 * path built with @xstate/graph and replayed against the machine, and each step runs exactly the
 * named effects it should (which call with which input, signing in with which token and target).
 */
import { Code } from '../../../src/contract/codes';
import {
  validateCode,
  validateConfirm,
  validateEmail,
  validateNewPassword,
  validateRequiredPassword,
} from '../../../src/machines/auth/auth-form';
import { changePasswordMachine } from '../../../src/machines/auth/change-password.machine';
import { googleSignInMachine } from '../../../src/machines/auth/google-sign-in.machine';
import { resetPasswordMachine } from '../../../src/machines/auth/reset-password.machine';
import { signInMachine } from '../../../src/machines/auth/sign-in.machine';
import { signUpMachine } from '../../../src/machines/auth/sign-up.machine';
import { actionRan, actorRan, enters, machinePathSuite, type Effect, type EffectStep } from '../../support/machine-paths';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) });
const ok = (data: unknown) => ({ ok: true, data });
const refused = (code: number) => ({ ok: false, code, message: `refused ${code}` });

/** The form's values after the step (what the invoked call is given). */
const values = (step: EffectStep) => step.after.context as Record<string, string>;
/** `effect` when the step entered the state node `id`. */
const on = (step: EffectStep, id: string, effect: () => Effect): Effect[] => (enters(step, id) ? [effect()] : []);

/** What tells two form snapshots apart: the errors, the form error and what each field's check says now. */
const formShape =
  <C extends { errors: object; formError: { key: string } | null }>(valid: (c: C) => Record<string, string | null>) =>
  (c: C) => ({ errors: c.errors, formError: c.formError?.key ?? null, valid: valid(c) });

machinePathSuite('sign-in machine paths', signInMachine, {
  input: {},
  events: [
    { type: 'user.change', email: 'ann@example.com', password: 'pw' },
    { type: 'user.change', email: 'ann@' },
    { type: 'user.change', password: '' },
    { type: 'user.blur', field: 'email' },
    { type: 'user.blur', field: 'password' },
    { type: 'user.submit' },
    done('submitLogin', ok({ accessToken: 'tok' })),
    done('submitLogin', refused(Code.NO_ACTIVE_ACCOUNT)),
    failed('submitLogin'),
  ],
  serializeContext: formShape((c: { email: string; password: string; errors: object; formError: { key: string } | null }) => ({
    email: validateEmail(c.email),
    password: validateRequiredPassword(c.password),
  })),
  effects: (step) => [
    ...on(step, 'signIn.submitting', () => actorRan('submitLogin', { email: values(step).email!.trim(), password: values(step).password })),
    ...on(step, 'signIn.done', () => actionRan('signedIn', { accessToken: 'tok', to: '/v2/home' })),
  ],
});

machinePathSuite('google sign-in machine paths', googleSignInMachine, {
  input: {},
  effects: (step) => [
    ...on(step, 'googleSignIn.loading', () => actorRan('loadGoogleConfig')),
    ...on(step, 'googleSignIn.obtaining', () => actorRan('obtainGoogleCredential', { clientId: 'client-1' })),
    ...on(step, 'googleSignIn.submitting', () => actorRan('submitGoogleLogin', { credential: 'id-token' })),
    ...on(step, 'googleSignIn.done', () => actionRan('signedIn', { accessToken: 'tok', to: '/v2/home' })),
  ],
  events: [
    done('loadGoogleConfig', { enabled: true, clientId: 'client-1' }),
    done('loadGoogleConfig', { enabled: false, clientId: null }),
    failed('loadGoogleConfig'),
    { type: 'user.googleStart' },
    done('obtainGoogleCredential', 'id-token'),
    failed('obtainGoogleCredential'),
    done('submitGoogleLogin', ok({ accessToken: 'tok' })),
    done('submitGoogleLogin', refused(Code.GOOGLE_INVALID)),
    failed('submitGoogleLogin'),
  ],
});

machinePathSuite('sign-up machine paths', signUpMachine, {
  events: [
    { type: 'user.change', email: 'new@example.com', password: 'secret-123', confirmPassword: 'secret-123' },
    { type: 'user.change', confirmPassword: 'secret-124' },
    { type: 'user.change', code: '123456' },
    { type: 'user.change', code: '12' },
    { type: 'user.blur', field: 'email' },
    { type: 'user.blur', field: 'confirmPassword' },
    { type: 'user.blur', field: 'code' },
    { type: 'user.submit' },
    { type: 'user.resend' },
    { type: 'user.back' },
    done('requestSignupCode', ok(null)),
    done('requestSignupCode', refused(Code.VALIDATION)),
    failed('requestSignupCode'),
    done('resendSignupCode', ok(null)),
    done('resendSignupCode', refused(Code.RATE_LIMITED)),
    failed('resendSignupCode'),
    done('verifySignup', ok({ accessToken: 'tok' })),
    done('verifySignup', refused(Code.CODE_INVALID)),
    failed('verifySignup'),
    { type: 'xstate.after.resendCooldown.signUp.code.resend.coolingDown' },
  ],
  serializeContext: formShape(
    (c: { email: string; password: string; confirmPassword: string; code: string; errors: object; formError: { key: string } | null }) => ({
      email: validateEmail(c.email),
      password: validateNewPassword(c.password),
      confirm: validateConfirm(c.confirmPassword, c.password),
      code: validateCode(c.code),
    }),
  ),
  effects: (step) => [
    ...on(step, 'signUp.requestingCode', () => actorRan('requestSignupCode', { email: values(step).email!.trim(), password: values(step).password })),
    ...on(step, 'signUp.code.resend.resending', () => actorRan('requestSignupCode', { email: values(step).email!.trim(), password: values(step).password })),
    ...on(step, 'signUp.code.entry.verifying', () => actorRan('verifySignup', { email: values(step).email!.trim(), code: values(step).code!.trim() })),
    ...on(step, 'signUp.done', () => actionRan('signedIn', { accessToken: 'tok', to: '/confirmed' })),
  ],
});

machinePathSuite('reset-password machine paths', resetPasswordMachine, {
  input: {},
  events: [
    { type: 'user.change', email: 'ann@example.com' },
    { type: 'user.change', email: '' },
    { type: 'user.change', code: '123456', password: 'new-pass-1', confirmPassword: 'new-pass-1' },
    { type: 'user.change', confirmPassword: 'new-pass-2' },
    { type: 'user.blur', field: 'email' },
    { type: 'user.blur', field: 'confirmPassword' },
    { type: 'user.submit' },
    { type: 'user.back' },
    done('requestResetCode', ok(null)),
    done('requestResetCode', refused(Code.RATE_LIMITED)),
    failed('requestResetCode'),
    done('resetPassword', ok(null)),
    done('resetPassword', refused(Code.CODE_INVALID)),
    failed('resetPassword'),
  ],
  serializeContext: formShape(
    (c: { email: string; code: string; password: string; confirmPassword: string; errors: object; formError: { key: string } | null }) => ({
      email: validateEmail(c.email),
      code: validateCode(c.code),
      password: validateNewPassword(c.password),
      confirm: validateConfirm(c.confirmPassword, c.password),
    }),
  ),
  effects: (step) => [
    ...on(step, 'resetPassword.requesting', () => actorRan('requestResetCode', { email: values(step).email!.trim() })),
    ...on(step, 'resetPassword.submitting', () =>
      actorRan('resetPassword', { email: values(step).email!.trim(), code: values(step).code!.trim(), password: values(step).password }),
    ),
  ],
});

machinePathSuite('change-password machine paths', changePasswordMachine, {
  events: [
    { type: 'user.change', oldPassword: 'old', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    { type: 'user.change', confirmPassword: 'brand-new-2' },
    { type: 'user.blur', field: 'oldPassword' },
    { type: 'user.blur', field: 'confirmPassword' },
    { type: 'user.submit' },
    done('changePassword', ok(null)),
    done('changePassword', refused(Code.WRONG_PASSWORD)),
    failed('changePassword'),
  ],
  serializeContext: formShape(
    (c: { oldPassword: string; newPassword: string; confirmPassword: string; errors: object; formError: { key: string } | null }) => ({
      old: validateRequiredPassword(c.oldPassword),
      password: validateNewPassword(c.newPassword),
      confirm: validateConfirm(c.confirmPassword, c.newPassword),
    }),
  ),
  effects: (step) => [
    ...on(step, 'changePassword.submitting', () =>
      actorRan('changePassword', { oldPassword: values(step).oldPassword, newPassword: values(step).newPassword }),
    ),
  ],
});
