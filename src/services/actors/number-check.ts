/**
 * The number check's effects (src/machines/number-check.machine.ts; SPEC §2 assistant tools, §5,
 * §7 Extension messaging): the reading of numbers by the one phone rule (src/contract/number-reading.ts,
 * loaded on first use with its phone library), the extension's `checkNumbers` through the bridge
 * (every failure to reach it is no answer), the member's tabs, the lead batch child, and Start
 * chat through the chat sync's flow (which asks the extension and shows its notice).
 *
 * A pasted list is read in the page a slice at a time (about SLICE_MS of work, then the page gets
 * its thread back: `scheduler.yield` where the browser has it, else a message-channel turn), so
 * reading NUMBER_CHECK_MAX numbers never makes a long main-thread task (the bench measures it:
 * scripts/bench-number-check.ts). A worker would add its start-up and the library's second load to
 * every check, for a job of a few tens of milliseconds.
 */
import { fromPromise } from 'xstate';
import { callingCodeDigits, splitNumberList, type ListEntry } from '../../contract/number-check';
import { leadBatchAddMachine } from '../../machines/lead-batch-add.machine';
import type {
  CheckAnswer,
  CheckNumbersInput,
  numberCheckMachine,
  ParseListInput,
  ParseListOutput,
  ReadSingle,
  ReadSingleInput,
  StartChatParams,
} from '../../machines/number-check.machine';
import { checkNumbers } from '../extension/bridge';
import type { FlowEffects } from '../flow-services';
import { loadUserTabs } from './user-tabs';
import { leadBatchAddEffects } from './lead-batch';

/** Work done in one slice of a list's reading before the page gets its thread back (ms). */
export const SLICE_MS = 8;
/** Entries read between two looks at the clock. */
const STEP = 20;

const loadReading = () => import('../../contract/number-reading');

type SchedulerLike = { yield?: () => Promise<void> };

/** Gives the page its thread back for a turn (input, rendering), then resumes. */
export const yieldToPage = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
};

/**
 * Reads a pasted list by the one phone rule, a slice at a time: refused when it holds more than
 * NUMBER_CHECK_MAX numbers or its default code is no country's. `now` is the clock the slices
 * are timed by (tests pass their own).
 */
export const parseNumberList = async (input: ParseListInput, options: { signal?: AbortSignal; now?: () => number } = {}): Promise<ParseListOutput> => {
  const now = options.now ?? (() => performance.now());
  const split = splitNumberList(input.text);
  if (!split.ok) return { ok: false, problem: 'tooMany' };
  const reading = await loadReading();
  const written = input.defaultCode.trim() !== '';
  const code = written ? callingCodeDigits(input.defaultCode) : null;
  if (written && (code === null || !reading.isKnownCallingCode(code))) return { ok: false, problem: 'defaultCodeUnknown' };
  const list = reading.startListReading();
  const entries: readonly ListEntry[] = split.entries;
  let next = 0;
  while (next < entries.length) {
    const started = now();
    while (next < entries.length && now() - started < SLICE_MS) {
      reading.readEntries(list, entries.slice(next, next + STEP), code);
      next += STEP;
    }
    // A turn for the page after every slice, the last one too: the answer's rendering gets a task of its own.
    await yieldToPage();
    if (options.signal?.aborted) throw new Error('The list reading was stopped');
  }
  return { ok: true, list: { numbers: list.numbers, invalid: list.invalid, duplicates: list.duplicates } };
};

/** The one number of the single check: the country code must be a country's, the phone a number by the rule. */
export const readSingleNumber = async (input: ReadSingleInput): Promise<ReadSingle> => {
  const { isKnownCallingCode, readNumber } = await loadReading();
  const code = callingCodeDigits(input.countryCode);
  if (code === null || !isKnownCallingCode(code)) return { ok: false, field: 'countryCode', problem: 'unknown' };
  const read = readNumber(input.phone, code);
  return read.ok ? { ok: true, phone: read.phone, international: read.international } : { ok: false, field: 'phone', problem: read.problem };
};

export const numberCheckEffects: FlowEffects<typeof numberCheckMachine> = (services) => ({
  actors: {
    readSingle: fromPromise<ReadSingle, ReadSingleInput>(({ input }) => readSingleNumber(input)),
    parseList: fromPromise<ParseListOutput, ParseListInput>(({ input, signal }) => parseNumberList(input, { signal })),
    checkNumbers: fromPromise<CheckAnswer, CheckNumbersInput>(({ input }) => checkNumbers(services.bridge, input.phones)),
    loadTabs: loadUserTabs(services.api),
    leadBatchAdd: leadBatchAddMachine.provide(leadBatchAddEffects(services)),
  },
  actions: {
    startChat: (_, params: StartChatParams) => services.sendTo('chatSync', { type: 'user.startChat', phone: params.phone }),
    // The phone library loads while the person types, so the first check does not wait for it.
    prepare: () => void loadReading().catch(() => undefined),
  },
});
