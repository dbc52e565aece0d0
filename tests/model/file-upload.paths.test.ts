/**
 * One file's upload (SPEC §7 Files, §8 'Invalid size', §9 16 MB): generated paths reach every
 * state and transition, each step running exactly its effects: a file too large, empty or of a
 * refused type is refused with no request at all; an accepted one asks for an upload URL with
 * its name, type and size and the latest token, sends the file to that URL, completes with the
 * file id; a retry gives up the upload begun before asking again; a cancel aborts and gives up
 * what the server holds. Then the flow with its real effects and a fake upload service: progress
 * from 0 to 1 as bytes leave, the output attachment, a cancel aborting the transfer, a refused
 * file never reaching the API.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes';
import type { EndpointName } from '../../src/contract/all-endpoints';
import type { Attachment } from '../../src/contract/templates';
import { fileUploadMachine, uploadViewOf, type FileUploadInput } from '../../src/machines/file-upload.machine';
import { fileUploadEffects } from '../../src/services/actors/storage';
import type { UploadRequest, Uploads } from '../../src/services/uploads';
import { fakeFlowServices } from '../support/fake-api';
import { flush, hostChild } from '../support/fakes';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

/** A file as the machine reads it (name, type, size): no bytes needed for the paths. */
const fileLike = (name: string, type: string, size: number): File => ({ name, type, size }) as File;

const PHOTO = fileLike('photo.png', 'image/png', 1000);
const TARGET = { fileId: 'f-1', uploadUrl: '/api/files/object/f-1?exp=1&sig=s', method: 'PUT' as const, headers: { 'Content-Type': 'image/png' }, expiresAt: 5 };
const ATTACHMENT: Attachment = { fileId: 'f-1', name: 'photo.png', mimeType: 'image/png', kind: 'image', size: 1000 };
const failure = new Error('Network error');

type Seen = { token: string; fileId: string | null; progress: number; error: { kind: string } | null };
const ctx = (s: AnyMachineSnapshot) => s.context as Seen;

/** What may happen in each state (nothing once the upload ended). */
const events = (s: AnyMachineSnapshot): PathEvent[] => (s.status === 'done' ? [] : [
  { type: 'xstate.done.actor.requestUpload', output: { ok: true, data: TARGET } },
  { type: 'xstate.done.actor.requestUpload', output: { ok: false, code: Code.RATE_LIMITED, message: 'Too many attempts, please try again later' } },
  { type: 'xstate.error.actor.requestUpload', error: failure },
  { type: 'upload.progress', loaded: 500, total: 1000 },
  { type: 'upload.done' },
  { type: 'upload.failed', message: 'The upload was refused (HTTP 403)' },
  { type: 'xstate.done.actor.completeUpload', output: { ok: true, data: ATTACHMENT } },
  { type: 'xstate.done.actor.completeUpload', output: { ok: false, code: Code.VALIDATION, message: 'Invalid size' } },
  { type: 'xstate.error.actor.completeUpload', error: failure },
  { type: 'user.retry' },
  { type: 'user.cancel' },
  // A newer token once (the parent forwards each one).
  ...(ctx(s).token === 'tok-1' ? [{ type: 'storage.token', token: 'tok-2', expiresAt: 9 }] : []),
]);

const request = (token: string, file: { name: string; mimeType: string; size: number }) => actorRan('requestUpload', { token, ...file });
const discard = (c: Seen) => actionRan('discardUpload', { token: c.token, fileId: c.fileId });

/** The file's name, type (the extension's when the browser gives none) and size, as the variant's input has them. */
const asked = (file: File) =>
  file.name === 'offer.pdf' ? { name: 'offer.pdf', mimeType: 'application/pdf', size: 2048 } : { name: 'photo.png', mimeType: 'image/png', size: 1000 };

const effects = (step: EffectStep): Effect[] => {
  const file = (step.input as FileUploadInput).file;
  const accepted = step.variant === 'a photo' || step.variant === 'a PDF without a type';
  if (step.index === 0 || !step.before) return accepted ? [request('tok-1', asked(file))] : [];
  const before = step.before;
  const c = ctx(before);
  const at = (state: string) => before.matches(state);
  switch (step.event.type) {
    case 'xstate.done.actor.requestUpload':
      return (step.event.output as { ok: boolean }).ok
        ? [actorRan('transfer', { url: TARGET.uploadUrl, method: 'PUT', headers: { 'Content-Type': 'image/png' }, file })]
        : [];
    case 'upload.done':
      return [actorRan('completeUpload', { token: c.token, fileId: 'f-1' })];
    case 'user.retry':
      return at('failed') ? [...(c.fileId ? [discard(c)] : []), request(c.token, asked(file))] : [];
    case 'user.cancel':
      return (at('uploading') || at('completing') || at('failed')) && c.fileId ? [discard(c)] : [];
    default:
      return [];
  }
};

machinePathSuite('file upload machine paths', fileUploadMachine, {
  events,
  effects,
  variants: [
    { name: 'a photo', input: { token: 'tok-1', file: PHOTO } },
    { name: 'a PDF without a type', input: { token: 'tok-1', file: fileLike('offer.pdf', '', 2048) } },
    { name: 'a video over 16 MB', input: { token: 'tok-1', file: fileLike('big.mp4', 'video/mp4', 16 * 1024 * 1024 + 1) } },
    { name: 'an empty file', input: { token: 'tok-1', file: fileLike('empty.png', 'image/png', 0) } },
    { name: 'a program', input: { token: 'tok-1', file: fileLike('setup.exe', 'application/x-msdownload', 1000) } },
  ],
  serializeContext: (c) => ({ token: c.token, fileId: c.fileId, progress: c.progress, error: c.error, attachment: c.attachment?.fileId ?? null }),
});

describe('the file upload with its effects', () => {
  const ok = <T>(data: T) => ({ ok: true, raw: false, code: Code.OK, message: 'success', data });

  /** An upload service the test drives: the request it got, and its promise's settling. */
  const manualUploads = () => {
    const requests: UploadRequest[] = [];
    const settle: { resolve(): void; reject(e: Error): void }[] = [];
    const uploads: Uploads = {
      put: (r) =>
        new Promise<void>((resolve, reject) => {
          requests.push(r);
          settle.push({ resolve, reject });
        }),
    };
    return { uploads, requests, settle };
  };

  const start = (input: FileUploadInput, answer: (name: EndpointName, body: unknown) => unknown) => {
    const s = fakeFlowServices(answer);
    const u = manualUploads();
    const services = { ...s.services, uploads: u.uploads };
    const hosted = hostChild(fileUploadMachine.provide(fileUploadEffects(services)), input);
    return { ...s, ...u, ...hosted };
  };

  const answers = (name: EndpointName) => (name === 'storageUploadUrl' ? ok(TARGET) : name === 'storageComplete' ? ok(ATTACHMENT) : ok(null));

  it('uploads with progress from 0 to 1 and ends with the attachment', async () => {
    const file = new File([new Uint8Array(1000)], 'photo.png', { type: 'image/png' });
    const w = start({ token: 'tok-1', file }, answers);
    await flush();
    expect(w.calls).toEqual([{ name: 'storageUploadUrl', body: { token: 'tok-1', name: 'photo.png', mimeType: 'image/png', size: 1000 } }]);
    expect(w.requests).toHaveLength(1);
    expect(w.requests[0]).toMatchObject({ url: TARGET.uploadUrl, method: 'PUT', headers: { 'Content-Type': 'image/png' }, file });
    expect(uploadViewOf(w.child.getSnapshot())).toMatchObject({ status: 'uploading', progress: 0 });
    w.requests[0]!.onProgress(250, 1000);
    expect(uploadViewOf(w.child.getSnapshot()).progress).toBe(0.25);
    w.requests[0]!.onProgress(1000, 1000);
    expect(uploadViewOf(w.child.getSnapshot()).progress).toBe(1);
    w.settle[0]!.resolve();
    await flush();
    expect(w.calls.map((c) => c.name)).toEqual(['storageUploadUrl', 'storageComplete']);
    expect(w.calls[1]!.body).toEqual({ token: 'tok-1', fileId: 'f-1' });
    expect(w.child.getSnapshot().status).toBe('done');
    expect(w.child.getSnapshot().output).toEqual({ ok: true, attachment: ATTACHMENT });
    expect(uploadViewOf(w.child.getSnapshot()).status).toBe('done');
    expect(w.told).toContainEqual(expect.objectContaining({ type: 'xstate.done.actor.child', output: { ok: true, attachment: ATTACHMENT } }));
  });

  it('a cancel aborts the transfer and gives up the upload on the server', async () => {
    const w = start({ token: 'tok-1', file: new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }) }, answers);
    await flush();
    expect(w.requests[0]!.signal.aborted).toBe(false);
    w.child.send({ type: 'user.cancel' });
    await flush();
    expect(w.requests[0]!.signal.aborted).toBe(true);
    expect(w.calls.at(-1)).toEqual({ name: 'storageDelete', body: { token: 'tok-1', fileId: 'f-1' } });
    expect(w.child.getSnapshot().output).toEqual({ ok: false });
  });

  it('a failed transfer shows why; a retry with the newer token starts again from a new upload URL', async () => {
    const w = start({ token: 'tok-1', file: new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }) }, answers);
    await flush();
    w.settle[0]!.reject(new Error('The upload was refused (HTTP 403)'));
    await flush();
    expect(uploadViewOf(w.child.getSnapshot())).toMatchObject({ status: 'failed', error: { kind: 'transfer', message: 'The upload was refused (HTTP 403)' } });
    w.child.send({ type: 'storage.token', token: 'tok-2', expiresAt: 1 });
    w.child.send({ type: 'user.retry' });
    await flush();
    expect(w.calls.map((c) => c.name)).toEqual(['storageUploadUrl', 'storageDelete', 'storageUploadUrl']);
    expect(w.calls[1]!.body).toEqual({ token: 'tok-2', fileId: 'f-1' });
    expect((w.calls[2]!.body as { token: string }).token).toBe('tok-2');
    expect(w.requests).toHaveLength(2);
  });

  it('refuses a file over 16 MB, an empty one or a refused type before any request', async () => {
    for (const [file, message] of [
      [fileLike('big.mp4', 'video/mp4', 16 * 1024 * 1024 + 1), 'Invalid size'],
      [new File([], 'empty.png', { type: 'image/png' }), 'Invalid size'],
      [new File([new Uint8Array(3)], 'run.sh', { type: 'application/x-sh' }), 'This file type is not allowed: choose an image, a video or a document.'],
    ] as const) {
      const w = start({ token: 'tok-1', file }, answers);
      await flush();
      expect(w.calls).toEqual([]);
      expect(w.requests).toEqual([]);
      expect(uploadViewOf(w.child.getSnapshot())).toMatchObject({ status: 'refused', error: { message } });
    }
  });

  it('a server refusal shows the server’s text', async () => {
    const w = start({ token: 'tok-1', file: new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }) }, () => ({
      ok: false,
      raw: false,
      code: Code.FORBIDDEN,
      message: 'The storage token is not valid or has expired.',
      data: null,
    }));
    await flush();
    expect(uploadViewOf(w.child.getSnapshot()).error).toEqual({ kind: 'server', message: 'The storage token is not valid or has expired.' });
    expect(w.requests).toEqual([]);
  });
});
