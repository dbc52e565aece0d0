/**
 * The upload service (SPEC §7 Files): sends a file's bytes to the signed URL the server handed
 * out, reporting the progress as they leave. XMLHttpRequest, because fetch reports no upload
 * progress. The URL is the object store's (absolute for S3) or the server's own disk store (a
 * path on the page's origin). The signal aborts the transfer.
 */
export type UploadRequest = {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  file: Blob;
  /** Bytes sent so far, of the total. */
  onProgress(loaded: number, total: number): void;
  signal: AbortSignal;
};

export type Uploads = {
  /** Resolves when the store took the file (a 2xx answer); rejects with the reason otherwise, or when aborted. */
  put(request: UploadRequest): Promise<void>;
};

export class UploadFailed extends Error {
  override name = 'UploadFailed';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export const browserUploads: Uploads = {
  put: ({ url, method, headers, file, onProgress, signal }) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      signal.addEventListener('abort', abort, { once: true });
      const settle = () => signal.removeEventListener('abort', abort);
      xhr.open(method, url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
      xhr.onload = () => {
        settle();
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(file.size, file.size);
          resolve();
        } else {
          reject(new UploadFailed(`The upload was refused (HTTP ${xhr.status})`, xhr.status));
        }
      };
      xhr.onerror = () => {
        settle();
        reject(new UploadFailed('The upload failed: the network or the store did not answer', null));
      };
      xhr.onabort = () => {
        settle();
        reject(new DOMException('The upload was cancelled', 'AbortError'));
      };
      xhr.send(file);
    }),
};
