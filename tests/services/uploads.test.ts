/**
 * The upload service (src/services/uploads.ts, SPEC §7 Files): the PUT to the signed URL with its
 * signed headers and the file as the body, progress as bytes leave, a refusal (non-2xx) and a
 * network failure as rejections, the signal aborting the transfer. A stand-in XMLHttpRequest
 * records what the service does with it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserUploads, UploadFailed } from '../../src/services/uploads';

class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  aborted = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

const start = (signal = new AbortController().signal) => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const file = new File([new Uint8Array(100)], 'a.png', { type: 'image/png' });
  const progress: [number, number][] = [];
  const done = browserUploads.put({
    url: '/api/files/object/k?exp=1&sig=s',
    method: 'PUT',
    headers: { 'Content-Type': 'image/png' },
    file,
    signal,
    onProgress: (loaded, total) => progress.push([loaded, total]),
  });
  return { xhr: FakeXhr.last!, file, progress, done };
};

describe('browserUploads', () => {
  it('PUTs the file to the URL with the signed headers, reporting progress, and resolves on 2xx', async () => {
    const { xhr, file, progress, done } = start();
    expect([xhr.method, xhr.url, xhr.headers, xhr.body]).toEqual(['PUT', '/api/files/object/k?exp=1&sig=s', { 'Content-Type': 'image/png' }, file]);
    xhr.upload.onprogress!({ loaded: 40, total: 100, lengthComputable: true });
    xhr.upload.onprogress!({ loaded: 60, total: 0, lengthComputable: false });
    xhr.status = 200;
    xhr.onload!();
    await expect(done).resolves.toBeUndefined();
    expect(progress).toEqual([
      [40, 100],
      [60, 100],
      [100, 100],
    ]);
  });

  it('rejects a refusal with its status, and a network failure', async () => {
    const refused = start();
    refused.xhr.status = 413;
    refused.xhr.onload!();
    await expect(refused.done).rejects.toEqual(new UploadFailed('The upload was refused (HTTP 413)', 413));
    const lost = start();
    lost.xhr.onerror!();
    await expect(lost.done).rejects.toBeInstanceOf(UploadFailed);
  });

  it('aborts the transfer when the signal fires', async () => {
    const controller = new AbortController();
    const { xhr, done } = start(controller.signal);
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
