/**
 * Shared statechart parts of the auth form machines (sign-in, sign-up, reset and change password).
 *
 * Every form step is the same small chart: the fields are checked on blur, and those that show an
 * error are re-checked as the user types; a submit goes on when the step's fields pass and
 * otherwise shows their errors; a call that does not go through comes back to the step's
 * `rejected` state, which shows the message until the next edit. The pieces here are that chart
 * and its actions, written once; each machine names its own guards, targets and step fields.
 */
import { assign, type EventObject } from 'xstate';
import {
  answerError,
  changeFields,
  checkFields,
  fieldsValid,
  requestFailed,
  validateFields,
  type AuthAnswer,
  type FieldErrors,
  type FieldValidators,
  type FormError,
} from './auth-form';

type FormState<F extends string> = { errors: FieldErrors<F>; firstInvalid: F | null; formError: FormError | null };

/** The context every auth form keeps: its field values, their errors, the field to focus, the server's message. */
export type FormContext<F extends string> = Record<F, string> & FormState<F>;

/** What a form action assigns: some of the form state, or some values. */
type FormUpdate<F extends string> = Partial<FormState<F>> | Partial<Record<F, string>>;

/** The edit events every auth form takes. */
type ChangeEvent<F extends string> = { type: 'user.change' } & Partial<Record<F, string>>;
type BlurEvent<F extends string> = { type: 'user.blur'; field: F };

const isChange = <F extends string>(event: EventObject): event is ChangeEvent<F> => event.type === 'user.change';
const isBlur = <F extends string>(event: EventObject): event is BlurEvent<F> => event.type === 'user.blur';

/**
 * A form machine's shared actions and guards, bound to its context, events, fields (all of them,
 * in form order) and checks. xstate checks an action against the machine's context and events
 * exactly, so they are named once here; the casts only widen the form part of the context that
 * an action assigns back to the whole context, of which it is a part.
 *
 * - `actions` (give them to `setup`): `applyChange` (new values, shown errors re-checked, the
 *   message cleared), `validateBlurred` (the left field checked), `clearErrors` (before a call);
 * - `check(stepFields)`: a step's submit check (its errors, the first failing field to focus);
 * - `valid(stepFields)`: a step's submit guard (every one of its fields passes);
 * - `refused(target)` / `failed(target)`: an invoke's refused answer (`onDone`'s last branch) shows
 *   the server's message, a failed call (`onError`) the request-failed one, each going to `target`.
 */
export const formParts = <TContext extends FormContext<F>, TEvent extends EventObject, F extends string>(
  fields: readonly F[],
  validators: FieldValidators<F>,
) => {
  const assignForm = (assigner: (args: { context: TContext; event: TEvent }) => FormUpdate<F>) =>
    assign<TContext, TEvent, undefined, TEvent, never>((args) => assigner(args) as Partial<TContext>);
  const showAnswer = assign<TContext, { type: string; output: AuthAnswer<unknown> }, undefined, TEvent, never>(
    ({ event }) => ({ formError: answerError(event.output) }) as Partial<TContext>,
  );
  const showFailure = assign<TContext, EventObject, undefined, TEvent, never>(() => ({ formError: requestFailed }) as Partial<TContext>);
  return {
    actions: {
      applyChange: assignForm(({ context, event }) => (isChange<F>(event) ? changeFields(context, event, fields, validators) : {})),
      validateBlurred: assignForm(({ context, event }) =>
        isBlur<F>(event) ? { errors: validateFields(context.errors, [event.field], validators(context)) } : {},
      ),
      clearErrors: assignForm(() => ({ errors: {}, firstInvalid: null, formError: null })),
    },
    check: (stepFields: readonly F[]) => assignForm(({ context }) => checkFields(context, stepFields, validators)),
    valid:
      (stepFields: readonly F[]) =>
      ({ context }: { context: TContext }): boolean =>
        fieldsValid(context, stepFields, validators),
    refused: <const TTarget extends string>(target: TTarget) => ({ target, actions: showAnswer }),
    failed: <const TTarget extends string>(target: TTarget) => ({ target, actions: showFailure }),
  };
};

/**
 * The sub-states of a form step: `idle`, and `rejected` while a refusal shows. A step spreads
 * them next to its own `on: formStepOn(...)` (or is `formStep(...)`); a call that does not go
 * through targets `<step>.rejected`.
 */
export const formStepStates = {
  initial: 'idle',
  states: {
    idle: {},
    rejected: {
      description: 'The server refused the last attempt; its message shows until the user edits a field.',
      tags: ['showError'],
    },
  },
} as const;

/** What a step's submit does: go to `target` when `guard` passes, else run `check`. The names are the machine's. */
type StepSubmit<TGuard extends string, TTarget extends string, TCheck extends string> = { guard: TGuard; target: TTarget; check: TCheck };

/**
 * A form step's events: an edit goes back to `idle` (the refusal no longer shows), a blur checks
 * the field, a submit goes to `target` when the step's `guard` passes (errors cleared first) and
 * otherwise runs the step's `check` (its errors, the field to focus).
 */
export const formStepOn = <const TGuard extends string, const TTarget extends string, const TCheck extends string>(
  submit: StepSubmit<TGuard, TTarget, TCheck>,
) =>
  ({
    'user.change': { target: '.idle', actions: 'applyChange' },
    'user.blur': { actions: 'validateBlurred' },
    'user.submit': [
      { guard: submit.guard, target: submit.target, actions: 'clearErrors' },
      { target: '.idle', actions: submit.check },
    ],
  }) as const;

/** A form step that takes no other events: its sub-states and `formStepOn(submit)`. */
export const formStep = <const TGuard extends string, const TTarget extends string, const TCheck extends string>(
  submit: StepSubmit<TGuard, TTarget, TCheck>,
) => ({ ...formStepStates, on: formStepOn(submit) });

/** The guard of an invoke's first `onDone` branch: the server accepted the call. */
export const accepted = ({ event }: { event: { output: AuthAnswer<unknown> } }): boolean => event.output.ok;
