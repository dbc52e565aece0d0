import { assign, setup, type ActorRefFrom } from 'xstate';
import type { z } from 'zod/mini';
import { Code } from '../contract/codes';
import {
  genders,
  leadAddRequest,
  leadUpdateRequest,
  NO_TAB_ID,
  salesActivities,
  salesLevels,
  salesSources,
  salesStages,
  type Lead,
  type Tab,
} from '../contract/leads';
import { networkError, refusalOf, refusedWith, type Answer, type CallError, type Refusal } from './answer';
import { actorNotProvided } from './not-provided';
import type { RealRole } from '../contract/roles';

/**
 * The lead form, adding a lead or editing one (SPEC §3 Lead / contact, Sales info, Company info;
 * §5 validation; §8 codes), shown as a dialog by the pipeline.
 *
 * `editing` takes the user's changes; a submit checks the form with the contract's own request
 * schema (the messages of SPEC §5) and, when it passes, `saving` sends it (`saveLead`): an add
 * sends every field that has a value, an update only the fields that changed, with the lead's
 * edit time. The save ends in `saved` (final, output `{ lead, previousTabId }`); a cancel in
 * `cancelled` (final, output `null`).
 *
 * Refusals: a duplicate name (100010) shows under the name and marks the save failed (SPEC §8
 * "update state set to failed"); STALE_EDIT (someone else saved the lead meanwhile) goes to
 * `stale`, where the user loads the other version into the form (`user.useFresh`) or saves their
 * own changes over it (`user.overwrite`, with the other version's edit time); any other refusal
 * and a failed call show as the form's error, and submitting again retries.
 *
 * Field errors are message keys (`LeadFieldError`, translated by the view as `LL.leads.errors`),
 * never texts: the machine does not know the language.
 * Tags for the view: saving, saveFailed, stale, invalid.
 */

/** The fields of the form, in form order (SPEC §3). */
export const leadFields = [
  'name',
  'tabId',
  'phone',
  'email',
  'birthday',
  'country',
  'gender',
  'followUpTime',
  'activity',
  'stage',
  'level',
  'source',
  'companyName',
  'companyPosition',
  'companyWebsite',
  'companySize',
  'companyPhone',
  'companyEmail',
  'companyAddress',
  'notes',
] as const;
export type LeadField = (typeof leadFields)[number];

type OneOf<T extends readonly string[]> = T[number] | '';

/**
 * What the inputs hold: text as typed, a select's value or '' for none, the tab id as text,
 * the birthday as YYYY-MM-DD and the follow-up time as a `datetime-local` value (local time).
 */
export type LeadFormValues = Record<Exclude<LeadField, 'gender' | 'activity' | 'stage' | 'level' | 'source'>, string> & {
  gender: OneOf<typeof genders>;
  activity: OneOf<typeof salesActivities>;
  stage: OneOf<typeof salesStages>;
  level: OneOf<typeof salesLevels>;
  source: OneOf<typeof salesSources>;
};

/** The choices of each select field (the tab select takes the member's tabs). */
export const leadChoices = {
  gender: genders,
  activity: salesActivities,
  stage: salesStages,
  level: salesLevels,
  source: salesSources,
} as const;
type ChoiceField = keyof typeof leadChoices;
const isChoiceField = (field: LeadField): field is ChoiceField => field in leadChoices;

/** A field's message (a key of `LL.leads.errors`). */
export type LeadFieldError = 'nameRequired' | 'nameExists' | 'emailInvalid' | 'phoneInvalid' | 'birthdayFormat' | 'dateInvalid' | 'tooLong' | 'invalid';
export type LeadFieldErrors = Partial<Record<LeadField, LeadFieldError>>;

export type LeadAddBody = z.input<typeof leadAddRequest>;
export type LeadUpdateBody = z.input<typeof leadUpdateRequest>;

/** What the dialog hands back when the lead was saved: the saved lead and, on an edit, its tab before. */
export type LeadFormResult = { lead: Lead; previousTabId?: number };

export type LeadFormInput = {
  realRole: RealRole;
  mode: 'add' | 'edit';
  /** The lead to edit (mode 'edit'). */
  lead?: Lead;
  /** The tab a new lead starts in (mode 'add'; default No tabs). */
  tabId?: number;
  /** The member's tabs for the tab select, No tabs (id 0) first. */
  tabs: Tab[];
};

/** The save's answer: the saved lead, a refusal, or STALE_EDIT with the lead as it is now. */
export type StaleRefusal = Refusal & { code: typeof Code.STALE_EDIT; fresh: Lead };
export type SaveLeadAnswer = Answer<Lead> | StaleRefusal;

export type SaveLeadInput =
  | { realRole: RealRole; mode: 'add'; body: LeadAddBody }
  | { realRole: RealRole; mode: 'edit'; body: LeadUpdateBody };

export type LeadFormContext = {
  realRole: RealRole;
  mode: 'add' | 'edit';
  tabs: Tab[];
  values: LeadFormValues;
  fieldErrors: LeadFieldErrors;
  formError: CallError | null;
  /**
   * The lead as this form started from it (edit): the update sends what differs from it, with its
   * edit time. Using the other version replaces it; keeping mine takes the other version's edit time.
   */
  lead: Lead | null;
  /** The other version, after a STALE_EDIT answer. */
  fresh: Lead | null;
  /** The tab the edited lead was in when the form opened (where the pipeline shows it). */
  previousTabId: number | null;
  /** Set once saved: the machine's output. */
  result: LeadFormResult | null;
};

export type LeadFormEvent =
  | { type: 'user.change'; field: LeadField; value: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.useFresh' }
  | { type: 'user.overwrite' };

// ---------------------------------------------------------------------------------------------
// Pure helpers

const pad = (n: number): string => String(n).padStart(2, '0');

/** A unix-ms time as a `datetime-local` value in local time (minutes). */
export const localDateTimeOf = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A `datetime-local` value (local time, no zone) as unix ms; NaN when it is not a date and time. */
export const timeOfLocalDateTime = (value: string): number =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value) ? new Date(value).getTime() : Number.NaN;

/** The form's values for a lead (edit), or an empty form in tab `tabId` (add). */
export const valuesOf = (lead: Lead | undefined, tabId: number = NO_TAB_ID): LeadFormValues => {
  const values = {} as Record<LeadField, string>;
  for (const field of leadFields) {
    if (field === 'tabId') values[field] = String(lead?.tabId ?? tabId);
    else if (field === 'followUpTime') values[field] = lead?.followUpTime == null ? '' : localDateTimeOf(lead.followUpTime);
    else values[field] = lead?.[field] ?? '';
  }
  return values as LeadFormValues;
};

/** A value as the wire takes it: trimmed text, null for an empty optional field (it clears it). */
const wireOf = (values: LeadFormValues, field: LeadField): string | number | null => {
  const value = values[field];
  if (field === 'name') return value.trim();
  if (field === 'tabId') return value === '' ? NO_TAB_ID : Number(value);
  if (field === 'followUpTime') return value === '' ? null : timeOfLocalDateTime(value);
  const text = value.trim();
  return text === '' ? null : text;
};

type WireFields = Record<LeadField, string | number | null>;

/** Overloads: the add body without a lead, the update body with one. */
export function requestOf(values: LeadFormValues): LeadAddBody;
export function requestOf(values: LeadFormValues, lead: Lead): LeadUpdateBody;
export function requestOf(values: LeadFormValues, lead?: Lead | null): LeadAddBody | LeadUpdateBody;
/**
 * The request of a save. Add: the name, the tab and every field that has a value. Update: the
 * lead's id and edit time and only the fields whose value differs from the lead's (an emptied
 * field is sent as null, which clears it); compared as the form shows them, so a follow-up time
 * kept to the minute is not a change.
 */
export function requestOf(values: LeadFormValues, lead?: Lead | null): LeadAddBody | LeadUpdateBody {
  if (!lead) {
    const body: Partial<WireFields> = {};
    for (const field of leadFields) {
      const wire = wireOf(values, field);
      if (wire !== null || field === 'name') body[field] = wire;
    }
    return body as LeadAddBody;
  }
  const before = valuesOf(lead);
  const changed: Partial<WireFields> = {};
  for (const field of leadFields) {
    const wire = wireOf(values, field);
    if (wire !== wireOf(before, field) && !(Number.isNaN(wire) && Number.isNaN(wireOf(before, field)))) changed[field] = wire;
  }
  return { id: lead.id, editTime: lead.editTime, ...changed } as LeadUpdateBody;
}

const isLeadField = (key: unknown): key is LeadField => typeof key === 'string' && (leadFields as readonly string[]).includes(key);

/** The message key of a schema issue on `field` (SPEC §5). */
const errorOf = (field: LeadField, code: string): LeadFieldError => {
  if (code === 'too_big') return 'tooLong';
  switch (field) {
    case 'name':
      return 'nameRequired';
    case 'email':
    case 'companyEmail':
      return 'emailInvalid';
    // SPEC §5: digits, spaces and - + \ ( ) only (src/contract/phone.ts).
    case 'phone':
    case 'companyPhone':
      return 'phoneInvalid';
    case 'birthday':
      return 'birthdayFormat';
    case 'followUpTime':
      return 'dateInvalid';
    default:
      return 'invalid';
  }
};

/**
 * Checks the form with the contract's request schema (the server's own rules): the errors by
 * field, the first issue of each; empty when the form may be saved.
 */
export const checkLeadForm = (values: LeadFormValues, lead?: Lead | null): LeadFieldErrors => {
  const parsed = lead ? leadUpdateRequest.safeParse(requestOf(values, lead)) : leadAddRequest.safeParse(requestOf(values));
  if (parsed.success) return {};
  const errors: LeadFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isLeadField(field) && errors[field] === undefined) errors[field] = errorOf(field, issue.code);
  }
  // An issue outside the fields (never from this form) must still stop the save.
  if (Object.keys(errors).length === 0) errors.name = 'invalid';
  return errors;
};

const limits = new Map<LeadField, number | null>();
/**
 * A text field's length limit, read from the contract's own schema (the message that refuses a
 * longer value states it, SPEC §5); null for a field without one.
 */
export const leadFieldMaxLength = (field: LeadField): number | null => {
  if (!limits.has(field)) {
    const probe = leadAddRequest.safeParse({ name: 'x', [field]: 'x'.repeat(100_000) });
    const issue = probe.success ? undefined : probe.error.issues.find((i) => i.path[0] === field && i.code === 'too_big');
    const maximum = (issue as { maximum?: unknown } | undefined)?.maximum;
    limits.set(field, typeof maximum === 'number' || typeof maximum === 'bigint' ? Number(maximum) : null);
  }
  return limits.get(field) ?? null;
};

/** The values with one field changed; a select field takes only one of its choices or ''. */
const withValue = (values: LeadFormValues, field: LeadField, value: string): LeadFormValues => {
  if (isChoiceField(field)) {
    const choices: readonly string[] = leadChoices[field];
    return { ...values, [field]: choices.includes(value) ? value : '' };
  }
  return { ...values, [field]: value };
};

const isStale = (answer: SaveLeadAnswer): answer is StaleRefusal => !answer.ok && 'fresh' in answer;

const saveInput = (context: LeadFormContext): SaveLeadInput =>
  context.lead
    ? { realRole: context.realRole, mode: 'edit', body: requestOf(context.values, context.lead) }
    : { realRole: context.realRole, mode: 'add', body: requestOf(context.values) };

// ---------------------------------------------------------------------------------------------
// The machine

export const leadFormMachine = setup({
  types: {
    context: {} as LeadFormContext,
    events: {} as LeadFormEvent,
    input: {} as LeadFormInput,
    output: {} as LeadFormResult | null,
    tags: {} as 'saving' | 'saveFailed' | 'stale' | 'invalid',
  },
  actors: {
    saveLead: actorNotProvided<SaveLeadAnswer, SaveLeadInput>('saveLead'),
  },
  actions: {
    /** The new value; the field's message and the form's message no longer apply. */
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'user.change') return {};
      const { [event.field]: _dropped, ...fieldErrors } = context.fieldErrors;
      return { values: withValue(context.values, event.field, event.value), fieldErrors, formError: null };
    }),
    showFieldErrors: assign(({ context }) => ({ fieldErrors: checkLeadForm(context.values, context.lead), formError: null })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(checkLeadForm(context.values, context.lead)).length === 0,
    /** The change takes away the last message shown. */
    clearsLastError: ({ context, event }) =>
      event.type === 'user.change' && Object.keys(context.fieldErrors).every((field) => field === event.field),
    saved: (_, answer: SaveLeadAnswer) => answer.ok,
    stale: (_, answer: SaveLeadAnswer) => isStale(answer),
    nameTaken: (_, answer: SaveLeadAnswer) => refusedWith(answer, Code.NAME_CONFLICT),
  },
}).createMachine({
  id: 'leadForm',
  context: ({ input }) => {
    const lead = input.mode === 'edit' && input.lead ? input.lead : null;
    return {
      realRole: input.realRole,
      mode: lead ? 'edit' : 'add',
      tabs: input.tabs,
      values: valuesOf(lead ?? undefined, input.tabId ?? NO_TAB_ID),
      fieldErrors: {},
      formError: null,
      lead,
      fresh: null,
      previousTabId: lead ? lead.tabId : null,
      result: null,
    };
  },
  output: ({ context }) => context.result,
  initial: 'editing',
  states: {
    editing: {
      description: 'The form takes changes; a submit checks it with the request schema before saving.',
      initial: 'idle',
      on: {
        'user.change': [{ guard: 'clearsLastError', target: '.idle', actions: 'applyChange' }, { actions: 'applyChange' }],
        'user.submit': [
          { guard: 'formValid', target: 'saving', actions: 'clearErrors' },
          { target: '.invalid', actions: 'showFieldErrors' },
        ],
        'user.cancel': 'cancelled',
      },
      states: {
        idle: {},
        invalid: {
          description: 'The check found fields to fix (SPEC §5); their messages show under them.',
          tags: ['invalid'],
        },
        saveFailed: {
          description: 'The server refused the save (a duplicate name shows under the name) or the call failed; submitting again retries.',
          tags: ['saveFailed'],
        },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveLead',
        src: 'saveLead',
        input: ({ context }) => saveInput(context),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => event.output },
            target: 'saved',
            actions: assign(({ context, event }) => {
              if (!event.output.ok) return {};
              const lead = event.output.data;
              return {
                lead,
                result: context.previousTabId === null ? { lead } : { lead, previousTabId: context.previousTabId },
              };
            }),
          },
          {
            guard: { type: 'stale', params: ({ event }) => event.output },
            target: 'stale',
            actions: assign({ fresh: ({ event }) => (isStale(event.output) ? event.output.fresh : null) }),
          },
          {
            guard: { type: 'nameTaken', params: ({ event }) => event.output },
            target: 'editing.saveFailed',
            actions: assign({ fieldErrors: ({ context }) => ({ ...context.fieldErrors, name: 'nameExists' as const }) }),
          },
          { target: 'editing.saveFailed', actions: assign({ formError: ({ event }) => refusalOf(event.output) }) },
        ],
        onError: { target: 'editing.saveFailed', actions: assign({ formError: networkError }) },
      },
    },
    stale: {
      description:
        'Someone else saved this lead since the form opened (STALE_EDIT): nothing was written. The user loads their version into the form, or saves their own changes over it.',
      tags: ['stale'],
      on: {
        'user.useFresh': {
          target: 'editing',
          actions: assign(({ context }) => (context.fresh ? { lead: context.fresh, values: valuesOf(context.fresh), fresh: null } : {})),
        },
        'user.overwrite': {
          target: 'saving',
          // What the user changed is still measured from the version they started from; the save
          // carries the other version's edit time, so it goes over that version.
          actions: assign(({ context }) =>
            context.lead && context.fresh ? { lead: { ...context.lead, editTime: context.fresh.editTime }, fresh: null } : {},
          ),
        },
        'user.cancel': 'cancelled',
      },
    },
    saved: {
      description: 'Saved: the output carries the saved lead and the tab it was in before (edit).',
      type: 'final',
    },
    cancelled: {
      description: 'Closed without saving: the output is null.',
      type: 'final',
    },
  },
});

export type LeadFormActorRef = ActorRefFrom<typeof leadFormMachine>;
