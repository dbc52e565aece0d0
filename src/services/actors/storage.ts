/**
 * File storage's effects (SPEC §7 Files), built only from the flow services: the storage token
 * (fetched from the server, announced to the parent flow that owns the token child) and one
 * file's upload (the upload URL, the transfer through the upload service with its progress, the
 * completion, and giving up an upload begun). A parent that attaches files provides its
 * children with these (`storageToken: storageTokenMachine.provide(storageTokenEffects(services))`).
 * Answers go through the one adapter (src/services/answer.ts): a refusal is the flow's to show;
 * the network failing rejects (the machine's onError).
 */
import { fromCallback, fromPromise, sendParent } from 'xstate';
import { storageEndpoints, type StorageToken, type UploadTarget } from '../../contract/storage';
import type { Attachment } from '../../contract/templates';
import type { Answer } from '../../machines/answer';
import type {
  CompleteUploadInput,
  DiscardUploadParams,
  fileUploadMachine,
  FileUploadEvent,
  RequestUploadInput,
  TransferInput,
} from '../../machines/file-upload.machine';
import type { storageTokenMachine, StorageTokenAnnouncedEvent, TokenAnnouncement } from '../../machines/storage-token.machine';
import { answerOf, dataOf } from '../answer';
import type { FlowEffects } from '../flow-services';

export const storageTokenEffects: FlowEffects<typeof storageTokenMachine> = ({ api }) => ({
  actors: {
    fetchToken: fromPromise<StorageToken, void>(async ({ signal }) => dataOf(await api.call(storageEndpoints.storageToken, {}, { signal }), 'Storage token')),
  },
  actions: {
    announceToken: sendParent((_, p: TokenAnnouncement): StorageTokenAnnouncedEvent => ({ type: 'storage.token', token: p.token, expiresAt: p.expiresAt })),
  },
});

const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'The upload failed');

export const fileUploadEffects: FlowEffects<typeof fileUploadMachine> = ({ api, uploads }) => ({
  actors: {
    requestUpload: fromPromise<Answer<UploadTarget>, RequestUploadInput>(async ({ input, signal }) =>
      answerOf(await api.call(storageEndpoints.storageUploadUrl, input, { signal })),
    ),
    /** The bytes, through the upload service; its progress comes back as `upload.progress`. Stopping the actor aborts the transfer. */
    transfer: fromCallback<FileUploadEvent, TransferInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      uploads
        .put({
          url: input.url,
          method: input.method,
          headers: input.headers,
          file: input.file,
          signal: controller.signal,
          onProgress: (loaded, total) => {
            if (!controller.signal.aborted) sendBack({ type: 'upload.progress', loaded, total });
          },
        })
        .then(
          () => {
            if (!controller.signal.aborted) sendBack({ type: 'upload.done' });
          },
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'upload.failed', message: messageOf(error) });
          },
        );
      return () => controller.abort();
    }),
    completeUpload: fromPromise<Answer<Attachment>, CompleteUploadInput>(async ({ input, signal }) =>
      answerOf(await api.call(storageEndpoints.storageComplete, input, { signal })),
    ),
  },
  actions: {
    /** Not awaited: what is left behind is purged within a day anyway (server/jobs/purge.ts). */
    discardUpload: (_, p: DiscardUploadParams) => {
      void api.call(storageEndpoints.storageDelete, p).catch(() => undefined);
    },
  },
});
