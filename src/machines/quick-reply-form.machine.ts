import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import { MAX_FILE_BYTES, mimeTypeOf, uploadProblem, INVALID_SIZE_MESSAGE, fileKindOf, type FileKind } from '../contract/storage';
import { MAX_ATTACHMENTS, quickReplyInput, type Attachment, type QuickReply } from '../contract/templates';
import { networkError, refusalOf, type Answer, type CallError } from './answer';
import { fileUploadMachine, type FileUploadActorRef, type FileUploadOutput } from './file-upload.machine';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { failedToast, hasErrors, limitOf, type FieldError, type FieldErrors, type TemplatesToast } from './template-notices';

/**
 * The add / edit dialog of a quick reply (SPEC §3 Quick reply: title, message, attachments; §5;
 * §7 Files), a child flow of the quick replies screen (quick-replies.machine.ts), which starts it
 * with the reply and the storage token it holds, tells it each new token (`storage.token`), and
 * reacts to its output.
 *
 * Attachments: a file the person picks is checked first with the contract's rule (SPEC §8
 * 'Invalid size' over MAX_FILE_BYTES or empty; images, videos and documents only): a refused file
 * is listed with its reason and never uploaded. Each accepted file uploads as its own child flow
 * (file-upload.machine.ts, spawned as `upload-<n>` with the token and the file, told each new
 * token), which shows its progress, waits for a retry after a failure, and ends with the stored
 * attachment; removing a file cancels its upload (it ends `cancelled`). Picking waits for a token
 * (`hasToken`). A file counts as uploading until its flow ends, so a failed one must be retried
 * or removed before the reply is saved.
 *
 * A submit while a file uploads is refused with SPEC §5's wait ('uploading' on the attachments);
 * otherwise the form is checked with the contract's request schema and saved (`saving`); a refusal
 * or a failed call keeps the dialog open with the reason (and SPEC §8's 'quick reply failed' toast).
 * Output (null after a cancel): the reply as saved, and whether it was added or edited.
 * Tags for the view: saving (`isUploading` says whether a file uploads).
 */

export type UploadState = 'uploading' | 'done' | 'failed';

/** One attachment of the form: a stored one, or a file uploading (its flow) or failed. */
export type AttachmentItem = {
  key: string;
  name: string;
  size: number;
  kind: FileKind | null;
  state: UploadState;
  attachment: Attachment | null;
  ref: FileUploadActorRef | null;
};

/** A file refused before any upload, with the reason (a key of `LL.templates.errors`). */
export type RefusedFile = { name: string; reason: 'invalidSize' | 'unsupportedType' | 'tooManyAttachments' };

export type QuickReplyField = 'title' | 'message' | 'attachments';
export type QuickReplyErrors = FieldErrors<QuickReplyField>;

export type QuickReplySaveBody = { id?: string; title: string; message: string; attachments: Attachment[] };

export type QuickReplyFormInput = { reply: QuickReply | null; token: string | null };
export type QuickReplyFormResult = { kind: 'added' | 'edited'; reply: QuickReply };

export type QuickReplyFormContext = {
  id: string | null;
  title: string;
  message: string;
  items: AttachmentItem[];
  refused: RefusedFile[];
  /** The storage token the uploads carry (the parent's, refreshed every 30 minutes). */
  token: string | null;
  /** How many uploads were started (the next one's key). */
  uploads: number;
  errors: QuickReplyErrors;
  formError: CallError | null;
  result: QuickReplyFormResult | null;
};

/** The end of an upload child (its done or error event, whichever key it had). */
type UploadDone = { type: `xstate.done.actor.${string}`; output: FileUploadOutput; actorId: string };
type UploadError = { type: `xstate.error.actor.${string}`; error: unknown; actorId: string };

export type QuickReplyFormEvent =
  | { type: 'user.change'; patch: Partial<Pick<QuickReplyFormContext, 'title' | 'message'>> }
  | { type: 'user.addFiles'; files: File[] }
  | { type: 'user.removeAttachment'; key: string }
  | { type: 'user.dismissRefused' }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'storage.token'; token: string; expiresAt: number }
  | UploadDone
  | UploadError;

const stored = (a: Attachment, i: number): AttachmentItem => ({ key: `stored-${i}`, name: a.name, size: a.size, kind: a.kind, state: 'done', attachment: a, ref: null });

export const isUploading = (items: readonly AttachmentItem[]): boolean => items.some((i) => i.state === 'uploading');

/** The attachments a save sends: the stored ones, in their order. */
const attachmentsOf = (items: readonly AttachmentItem[]): Attachment[] => items.flatMap((i) => (i.state === 'done' && i.attachment ? [i.attachment] : []));

export const saveBodyOf = (c: Pick<QuickReplyFormContext, 'id' | 'title' | 'message' | 'items'>): QuickReplySaveBody => ({
  ...(c.id === null ? {} : { id: c.id }),
  title: c.title.trim(),
  message: c.message,
  attachments: attachmentsOf(c.items),
});

/** Checks the form with the contract's request schema (SPEC §5 'Enter a message.'); SPEC §5's wait while a file uploads first. */
export const checkQuickReply = (c: Pick<QuickReplyFormContext, 'id' | 'title' | 'message' | 'items'>): QuickReplyErrors => {
  const errors: QuickReplyErrors = {};
  if (isUploading(c.items)) errors.attachments = { key: 'uploading' };
  const parsed = quickReplyInput.safeParse(saveBodyOf(c));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const max = limitOf(issue as { maximum?: unknown });
      let error: FieldError;
      if (field === 'title') error = issue.code === 'too_big' ? { key: 'tooLong', max: max ?? 0 } : { key: 'titleRequired' };
      else if (field === 'message') error = issue.code === 'too_big' ? { key: 'tooLong', max: max ?? 0 } : { key: 'messageRequired' };
      else if (field === 'attachments') error = { key: 'tooManyAttachments', max: MAX_ATTACHMENTS };
      else continue;
      if (errors[field] === undefined) errors[field] = error;
    }
    if (!hasErrors(errors)) errors.title = { key: 'invalid' };
  }
  return errors;
};

/** Why a picked file is refused before any upload (the contract's rule, SPEC §8 'Invalid size'), or null. */
export const refusalOfFile = (file: { name: string; type: string; size: number }): RefusedFile['reason'] | null => {
  const problem = uploadProblem({ mimeType: mimeTypeOf(file.name, file.type), size: file.size });
  if (problem === null) return null;
  return problem === INVALID_SIZE_MESSAGE ? 'invalidSize' : 'unsupportedType';
};

export { MAX_FILE_BYTES };

const keyOfUpload = (actorId: string): string => actorId;

const quickReplyFormSetup = setup({
  types: {} as {
    context: QuickReplyFormContext;
    events: QuickReplyFormEvent;
    input: QuickReplyFormInput;
    output: QuickReplyFormResult | null;
    tags: 'saving';
  },
  actors: {
    saveQuickReply: actorNotProvided<Answer<QuickReply>, QuickReplySaveBody>('saveQuickReply'),
    /** One file's upload (provided with its effects by this flow's). */
    fileUpload: fileUploadMachine,
  },
  actions: {
    /** Shows a toast (SPEC §8 quick reply failed): the toasts service, translated where it shows. */
    notify: actionNotProvided<TemplatesToast>('notify'),
    change: assign(({ context }, patch: Partial<Pick<QuickReplyFormContext, 'title' | 'message'>>) => ({
      ...patch,
      errors: Object.fromEntries(Object.entries(context.errors).filter(([field]) => !(field in patch))) as QuickReplyErrors,
      formError: null,
    })),
    dismissRefused: assign({ refused: [] }),
    showErrors: assign(({ context }) => ({ errors: checkQuickReply(context) })),
    keepFailure: assign((_, formError: CallError | null) => ({ formError })),
    end: assign((_, result: QuickReplyFormResult) => ({ result })),
    /** An upload ended: its attachment, or its failure. */
    uploaded: assign(({ context }, done: { key: string; output: FileUploadOutput | null }) => ({
      items: context.items.map((i) =>
        i.key !== keyOfUpload(done.key)
          ? i
          : done.output !== null && done.output.ok
            ? { ...i, state: 'done' as const, attachment: done.output.attachment, kind: done.output.attachment.kind, ref: null }
            : { ...i, state: 'failed' as const, ref: null },
      ),
      errors: Object.fromEntries(Object.entries(context.errors).filter(([field]) => field !== 'attachments')) as QuickReplyErrors,
    })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    uploading: ({ context }) => isUploading(context.items),
    formValid: ({ context }) => !hasErrors(checkQuickReply(context)),
    refused: (_, answer: Answer<QuickReply>) => !answer.ok,
    isUpload: (_, actorId: string) => actorId.startsWith('upload-'),
  },
}).extend({
  // XState cannot type enqueueActions declared in setup() beside typed actions; they are added here.
  actions: {
    /** Each picked file: refused with its reason, or uploaded by a flow of its own. */
    addFiles: enqueueActions(({ context, enqueue }, files: readonly File[]) => {
      const refused: RefusedFile[] = [];
      const accepted: File[] = [];
      for (const file of files) {
        const reason = refusalOfFile(file);
        if (reason !== null) refused.push({ name: file.name, reason });
        else if (context.items.length + accepted.length >= MAX_ATTACHMENTS) refused.push({ name: file.name, reason: 'tooManyAttachments' });
        else accepted.push(file);
      }
      const token = context.token ?? '';
      enqueue.assign({
        refused,
        uploads: context.uploads + accepted.length,
        items: ({ context: c, spawn }) => [
          ...c.items,
          ...accepted.map((file, i) => {
            const key = `upload-${context.uploads + i + 1}`;
            const mimeType = mimeTypeOf(file.name, file.type);
            return { key, name: file.name, size: file.size, kind: fileKindOf(mimeType), state: 'uploading' as const, attachment: null, ref: spawn('fileUpload', { id: key, input: { token, file } }) };
          }),
        ],
      });
    }),
    /** A new storage token: kept for the next uploads, and told to those under way. */
    takeToken: enqueueActions(({ context, enqueue }, event: { token: string; expiresAt: number }) => {
      enqueue.assign({ token: event.token });
      for (const item of context.items) if (item.ref) enqueue.sendTo(item.ref, { type: 'storage.token', token: event.token, expiresAt: event.expiresAt });
    }),
    /** A file goes from the list; its upload, if it runs, is cancelled. */
    removeAttachment: enqueueActions(({ context, enqueue }, key: string) => {
      const item = context.items.find((i) => i.key === key);
      // The upload ends on its own (`cancelled`), giving up what the server holds of it.
      if (item?.ref) enqueue.sendTo(item.ref, { type: 'user.cancel' });
      enqueue.assign({ items: context.items.filter((i) => i.key !== key), errors: Object.fromEntries(Object.entries(context.errors).filter(([f]) => f !== 'attachments')) as QuickReplyErrors });
    }),
  },
});

export const quickReplyFormMachine = quickReplyFormSetup.createMachine({
  id: 'quickReplyForm',
  meta: { recordable: ['id', 'title', 'message', 'items', 'refused', 'uploads', 'errors', 'formError', 'result'] },
  context: ({ input }) => ({
    id: input.reply?.id ?? null,
    title: input.reply?.title ?? '',
    message: input.reply?.message ?? '',
    items: (input.reply?.attachments ?? []).map(stored),
    refused: [],
    token: input.token,
    uploads: 0,
    errors: {},
    formError: null,
    result: null,
  }),
  output: ({ context }) => context.result,
  on: {
    'storage.token': { actions: { type: 'takeToken', params: ({ event }) => event } },
    'xstate.done.actor.*': {
      guard: { type: 'isUpload', params: ({ event }) => (event as UploadDone).actorId },
      actions: { type: 'uploaded', params: ({ event }) => ({ key: (event as UploadDone).actorId, output: (event as UploadDone).output }) },
    },
    'xstate.error.actor.*': {
      guard: { type: 'isUpload', params: ({ event }) => (event as UploadError).actorId },
      actions: { type: 'uploaded', params: ({ event }) => ({ key: (event as UploadError).actorId, output: null }) },
    },
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The person writes the reply and picks files; each accepted file uploads on its own.',
      on: {
        'user.change': { actions: { type: 'change', params: ({ event }) => event.patch } },
        'user.addFiles': { guard: 'hasToken', actions: { type: 'addFiles', params: ({ event }) => event.files } },
        'user.removeAttachment': { actions: { type: 'removeAttachment', params: ({ event }) => event.key } },
        'user.dismissRefused': { actions: 'dismissRefused' },
        'user.submit': [
          { guard: 'formValid', target: 'saving', actions: { type: 'keepFailure', params: null } },
          { actions: 'showErrors' },
        ],
        'user.cancel': 'done',
      },
    },
    saving: {
      description: 'The reply is being saved with its stored attachments; the dialog waits.',
      tags: ['saving'],
      invoke: {
        id: 'saveQuickReply',
        src: 'saveQuickReply',
        input: ({ context }) => saveBodyOf(context),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'editing',
            actions: [
              { type: 'keepFailure', params: ({ event }) => refusalOf(event.output) },
              { type: 'notify', params: ({ event }) => failedToast(refusalOf(event.output), 'quickReplyFailed') },
            ],
          },
          {
            target: 'done',
            actions: {
              type: 'end',
              params: ({ context, event }) => ({ kind: context.id === null ? 'added' : 'edited', reply: (event.output as { ok: true; data: QuickReply }).data }),
            },
          },
        ],
        onError: {
          target: 'editing',
          actions: [{ type: 'keepFailure', params: networkError }, { type: 'notify', params: failedToast(networkError, 'quickReplyFailed') }],
        },
      },
    },
    done: {
      description: 'The dialog is over: the output is the reply saved (null: cancelled).',
      type: 'final',
    },
  },
});

export type QuickReplyFormActorRef = ActorRefFrom<typeof quickReplyFormMachine>;
