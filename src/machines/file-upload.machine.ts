import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { fileKindOf, mimeTypeOf, uploadProblem, INVALID_SIZE_MESSAGE, type FileKind, type UploadTarget } from '../contract/storage';
import type { Attachment } from '../contract/templates';
import type { Answer, Outcome } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * One file's upload (SPEC §7 Files, §8 'Invalid size', §9 16 MB), a CHILD flow of whatever
 * attaches files (the quick-reply editor starts one per chosen file, with the storage token its
 * storage-token child announced):
 * 1. the file's size and type are checked here first (the contract's rule, src/contract/storage.ts):
 *    a file over the limit, empty, or of a refused type is `refused` before any request;
 * 2. `requesting`: the server checks them again and answers a signed upload URL;
 * 3. `uploading`: the bytes go to the object store, the progress (0 to 1) coming from the upload
 *    service as they leave;
 * 4. `completing`: the server checks the stored object and answers the attachment;
 * 5. `done`, with the attachment as the flow's output (`{ ok: true, attachment }`).
 * A failure on the way (a refusal, the network, the transfer) waits in `failed` with its text
 * for `user.retry` (from a new upload URL; an upload begun is given up: `discardUpload`) or
 * `user.cancel`. `user.cancel` at any step ends in `cancelled` (output `{ ok: false }`), aborting
 * the transfer and giving up what the server holds of it. A newer storage token
 * (`storage.token`, forwarded by the parent) is used from the next call on.
 *
 * The file and the token stay out of what QA recordings keep (`recordable`).
 * Tags for the view: busy (requesting, uploading, completing), uploading, failed, refused.
 */

export type FileUploadInput = { token: string; file: File };

/** Why an upload stopped: the file itself (size, type), the server's refusal, the network, the transfer. */
export type UploadError = { kind: 'size' | 'type' | 'server' | 'network' | 'transfer'; message: string };

export type FileUploadOutput = { ok: true; attachment: Attachment } | { ok: false };

export type RequestUploadInput = { token: string; name: string; mimeType: string; size: number };
export type TransferInput = { url: string; method: 'PUT'; headers: Record<string, string>; file: File };
export type CompleteUploadInput = { token: string; fileId: string };
export type DiscardUploadParams = { token: string; fileId: string };

export type FileUploadEvent =
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | { type: 'storage.token'; token: string; expiresAt: number }
  /** From the transfer (the upload service's progress, in bytes). */
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done' }
  | { type: 'upload.failed'; message: string };

type Context = {
  file: File;
  token: string;
  name: string;
  mimeType: string;
  size: number;
  kind: FileKind | null;
  /** The server's id for the upload, once it answered an upload URL. */
  fileId: string | null;
  target: Pick<UploadTarget, 'uploadUrl' | 'method' | 'headers'> | null;
  /** 0 to 1. */
  progress: number;
  error: UploadError | null;
  attachment: Attachment | null;
};

/** The network failed on the way (the API client has shown its toast). */
export const NETWORK_FAILURE = 'The network failed. Try again.';

/** A fraction from 0 to 1 of bytes sent (nothing known yet counts as 0). */
export const progressOf = (loaded: number, total: number): number => (total > 0 ? Math.min(1, Math.max(0, loaded / total)) : 0);

const initialContext = ({ input }: { input: FileUploadInput }): Context => {
  const mimeType = mimeTypeOf(input.file.name, input.file.type);
  return {
    file: input.file,
    token: input.token,
    name: input.file.name,
    mimeType,
    size: input.file.size,
    kind: fileKindOf(mimeType),
    fileId: null,
    target: null,
    progress: 0,
    error: null,
    attachment: null,
  };
};

const refusalError = (answer: Answer<unknown> | Outcome): UploadError =>
  answer.ok ? { kind: 'server', message: '' } : { kind: 'server', message: answer.message };

/** The transfer's placeholder: a callback actor (it sends progress back), provided at wiring time. */
const transferNotProvided = fromCallback<FileUploadEvent, TransferInput>(() => {
  throw new Error("actor 'transfer' is not provided");
});

export const fileUploadMachine = setup({
  types: {
    context: {} as Context,
    input: {} as FileUploadInput,
    events: {} as FileUploadEvent,
    output: {} as FileUploadOutput,
    tags: {} as 'busy' | 'uploading' | 'failed' | 'refused',
  },
  actors: {
    requestUpload: actorNotProvided<Answer<UploadTarget>, RequestUploadInput>('requestUpload'),
    /** The transfer: sends back upload.progress, then upload.done or upload.failed; stopping it aborts it. */
    transfer: transferNotProvided,
    completeUpload: actorNotProvided<Answer<Attachment>, CompleteUploadInput>('completeUpload'),
  },
  actions: {
    /** Gives up what the server holds of an upload begun (its effect: the storage delete call, unawaited). */
    discardUpload: actionNotProvided<DiscardUploadParams>('discardUpload'),
    refuse: assign((_, error: UploadError) => ({ error })),
    fail: assign((_, error: UploadError) => ({ error })),
    restart: assign({ fileId: null, target: null, progress: 0, error: null }),
    keepTarget: assign((_, target: UploadTarget) => ({
      fileId: target.fileId,
      target: { uploadUrl: target.uploadUrl, method: target.method, headers: target.headers },
      progress: 0,
    })),
    showProgress: assign((_, p: { loaded: number; total: number }) => ({ progress: progressOf(p.loaded, p.total) })),
    keepAttachment: assign((_, attachment: Attachment) => ({ attachment, progress: 1 })),
    keepToken: assign((_, p: { token: string }) => ({ token: p.token })),
  },
  guards: {
    /** SPEC §8 'Invalid size' (SPEC §9: over 16 MB, or empty). */
    badSize: (_, p: { size: number; mimeType: string }) => uploadProblem(p) === INVALID_SIZE_MESSAGE,
    badType: (_, p: { size: number; mimeType: string }) => uploadProblem(p) !== null,
    accepted: (_, p: { answer: Answer<unknown> }) => p.answer.ok,
    begun: (_, p: { fileId: string | null }) => p.fileId !== null,
  },
}).createMachine({
  id: 'fileUpload',
  meta: { recordable: ['name', 'mimeType', 'size', 'kind', 'fileId', 'progress', 'error', 'attachment'] },
  context: initialContext,
  initial: 'checking',
  on: {
    'storage.token': { actions: { type: 'keepToken', params: ({ event }) => ({ token: event.token }) } },
  },
  states: {
    checking: {
      description: 'Step 1: the size and type are checked before any request (the contract’s rule, as the server’s).',
      always: [
        {
          guard: { type: 'badSize', params: ({ context }) => ({ size: context.size, mimeType: context.mimeType }) },
          target: 'refused',
          actions: { type: 'refuse', params: ({ context }) => ({ kind: 'size', message: uploadProblem(context) ?? '' }) },
        },
        {
          guard: { type: 'badType', params: ({ context }) => ({ size: context.size, mimeType: context.mimeType }) },
          target: 'refused',
          actions: { type: 'refuse', params: ({ context }) => ({ kind: 'type', message: uploadProblem(context) ?? '' }) },
        },
        { target: 'requesting' },
      ],
    },
    refused: {
      description: 'The file cannot be uploaded (its size or type); nothing was asked of the server. It stays listed with why until removed.',
      tags: ['refused'],
      on: { 'user.cancel': 'cancelled' },
    },
    requesting: {
      description: 'Step 2: the server checks the file again and answers a signed upload URL.',
      tags: ['busy'],
      invoke: {
        id: 'requestUpload',
        src: 'requestUpload',
        input: ({ context }) => ({ token: context.token, name: context.name, mimeType: context.mimeType, size: context.size }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ answer: event.output }) },
            target: 'uploading',
            actions: { type: 'keepTarget', params: ({ event }) => (event.output as { ok: true; data: UploadTarget }).data },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => refusalError(event.output) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { kind: 'network', message: NETWORK_FAILURE } } },
      },
      on: { 'user.cancel': 'cancelled' },
    },
    uploading: {
      description: 'Step 3: the bytes go to the object store; the progress comes from the upload service.',
      tags: ['busy', 'uploading'],
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => ({ url: context.target!.uploadUrl, method: context.target!.method, headers: context.target!.headers, file: context.file }),
      },
      on: {
        'upload.progress': { actions: { type: 'showProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
        'upload.done': 'completing',
        'upload.failed': { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ kind: 'transfer', message: event.message }) } },
        'user.cancel': {
          target: 'cancelled',
          actions: { type: 'discardUpload', params: ({ context }) => ({ token: context.token, fileId: context.fileId! }) },
        },
      },
    },
    completing: {
      description: 'Step 4: the server checks the stored object (its size and type) and answers the attachment.',
      tags: ['busy'],
      invoke: {
        id: 'completeUpload',
        src: 'completeUpload',
        input: ({ context }) => ({ token: context.token, fileId: context.fileId! }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: { type: 'keepAttachment', params: ({ event }) => (event.output as { ok: true; data: Attachment }).data },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => refusalError(event.output) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { kind: 'network', message: NETWORK_FAILURE } } },
      },
      on: {
        'user.cancel': {
          target: 'cancelled',
          actions: { type: 'discardUpload', params: ({ context }) => ({ token: context.token, fileId: context.fileId! }) },
        },
      },
    },
    failed: {
      description: 'The upload stopped (a refusal, the network, the transfer): its text shows until a retry or a cancel.',
      tags: ['failed'],
      on: {
        'user.retry': [
          {
            guard: { type: 'begun', params: ({ context }) => ({ fileId: context.fileId }) },
            target: 'requesting',
            actions: [{ type: 'discardUpload', params: ({ context }) => ({ token: context.token, fileId: context.fileId! }) }, 'restart'],
          },
          { target: 'requesting', actions: 'restart' },
        ],
        'user.cancel': [
          {
            guard: { type: 'begun', params: ({ context }) => ({ fileId: context.fileId }) },
            target: 'cancelled',
            actions: { type: 'discardUpload', params: ({ context }) => ({ token: context.token, fileId: context.fileId! }) },
          },
          { target: 'cancelled' },
        ],
      },
    },
    done: {
      description: 'Step 5: stored; the attachment is the flow’s output.',
      type: 'final',
    },
    cancelled: {
      description: 'The person removed the file; the transfer was aborted.',
      type: 'final',
    },
  },
  output: ({ context }) => (context.attachment ? { ok: true as const, attachment: context.attachment } : { ok: false as const }),
});

export type FileUploadActorRef = ActorRefFrom<typeof fileUploadMachine>;
export type FileUploadSnapshot = SnapshotFrom<typeof fileUploadMachine>;

export type UploadStatus = 'refused' | 'requesting' | 'uploading' | 'completing' | 'failed' | 'done' | 'cancelled';

/** What a view shows of an upload (src/ui/components/file-progress.tsx renders it). */
export type UploadView = {
  name: string;
  size: number;
  kind: FileKind | null;
  status: UploadStatus;
  /** 0 to 1. */
  progress: number;
  error: UploadError | null;
};

export const uploadViewOf = (snapshot: FileUploadSnapshot): UploadView => {
  const c = snapshot.context;
  const status: UploadStatus =
    snapshot.status === 'done'
      ? c.attachment
        ? 'done'
        : 'cancelled'
      : snapshot.hasTag('refused')
        ? 'refused'
        : snapshot.hasTag('failed')
          ? 'failed'
          : snapshot.hasTag('uploading')
            ? 'uploading'
            : c.fileId === null
              ? 'requesting'
              : 'completing';
  return { name: c.name, size: c.size, kind: c.kind, status, progress: c.progress, error: c.error };
};
