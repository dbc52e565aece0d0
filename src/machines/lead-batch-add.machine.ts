import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ImportCounts } from '../contract/lead-files';
import type { RealRole } from '../contract/roles';
import type { Answer } from './answer';
import { actorNotProvided } from './not-provided';

/**
 * Adding leads in bulk to a tab (SPEC §2 Other panels: the assistant tools' number check and group
 * tool; SPEC §5 Import). A child flow: its parent (the group tool, the number check) has picked the
 * tab among the member's tabs and hands over the rows; this flow sends them as one CSV file through
 * the lead import (SPEC §7 /leads/import/pipeline under /admin or /member by the caller's real role,
 * SPEC §6), mapped name to column 0 and phone to column 1, into that tab. So the import's row rules
 * hold here too (a row without a name or with a bad phone is skipped; a phone a lead of the member
 * already has updates that lead, or leaves it unchanged), and its outcome counts are the output.
 *
 * `sending` runs the import (`importRows`: the effects build the file, src/services/actors/lead-batch.ts);
 * it ends in `done` (final) with `{ ok: true, counts }`, or `{ ok: false, message }` with the server's
 * refusal or the failure's message. No rows: `done` at once with zero counts, no call made.
 * Tags for the view: sending.
 */

export type BatchRow = { name: string; phone: string };

export type LeadBatchAddInput = {
  rows: readonly BatchRow[];
  /** The tab new leads go to (one of the member's tabs). */
  tabId: number;
  /** The caller's real role: /admin or /member import (SPEC §6). */
  realRole: RealRole;
};

export type LeadBatchAddOutput = { ok: true; counts: ImportCounts } | { ok: false; message: string };

export type ImportRowsInput = LeadBatchAddInput;

type Context = LeadBatchAddInput & { result: LeadBatchAddOutput | null };

/** Nothing to add: every count zero. */
const NOTHING: ImportCounts = { total: 0, added: 0, updated: 0, unchanged: 0, skipped: 0 };

const outcomeOf = (answer: Answer<ImportCounts>): LeadBatchAddOutput => (answer.ok ? { ok: true, counts: answer.data } : { ok: false, message: answer.message });

const failureOf = (error: unknown): LeadBatchAddOutput => ({ ok: false, message: error instanceof Error ? error.message : String(error) });

export const leadBatchAddMachine = setup({
  types: {} as {
    context: Context;
    input: LeadBatchAddInput;
    output: LeadBatchAddOutput;
    tags: 'sending';
  },
  actors: {
    importRows: actorNotProvided<Answer<ImportCounts>, ImportRowsInput>('importRows'),
  },
  guards: {
    noRows: ({ context }) => context.rows.length === 0,
  },
}).createMachine({
  id: 'leadBatchAdd',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts); the rows are people's names and numbers, left out.
  meta: { recordable: ['tabId', 'realRole', 'result'] },
  context: ({ input }) => ({ ...input, result: null }),
  output: ({ context }) => context.result ?? { ok: false, message: '' },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'noRows', target: 'done', actions: assign({ result: { ok: true, counts: NOTHING } }) }, { target: 'sending' }],
    },
    sending: {
      description: 'One import of the rows as a CSV file (name, phone) into the tab; the import commits or fails as a whole.',
      tags: ['sending'],
      invoke: {
        id: 'importRows',
        src: 'importRows',
        input: ({ context }) => ({ rows: context.rows, tabId: context.tabId, realRole: context.realRole }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => outcomeOf(event.output) }) },
        onError: { target: 'done', actions: assign({ result: ({ event }) => failureOf(event.error) }) },
      },
    },
    done: { description: 'Imported (the outcome counts) or refused/failed (the message): the output.', type: 'final' },
  },
});

export type LeadBatchAddActorRef = ActorRefFrom<typeof leadBatchAddMachine>;
