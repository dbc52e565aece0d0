/**
 * Uploads, file answers and saving files (the API client's, src/services/api/client.ts, and the
 * flow services' file saver), loaded with the first of them rather than with every page: the
 * login page never needs them.
 */
/** A multipart form of a snake_cased body: files as files, objects as JSON text, nothing for null. */
export const formOf = (wire: Record<string, unknown>): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(wire)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : 'file');
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
};

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` first), or a fallback. */
export const filenameOf = (disposition: string | null, fallback = 'download'): string => {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(disposition)?.[1]?.trim() ?? fallback;
};


/** A file answer as the client hands it over: its bytes and its name. */
export const fileOf = async (response: Response): Promise<{ blob: Blob; filename: string }> => ({
  blob: await response.blob(),
  filename: filenameOf(response.headers.get('Content-Disposition')),
});
/** Saves a file through the browser's download: a temporary object URL behind a clicked link (views never build one). */
export const saveWithLink = (blob: Blob, filename: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled (an immediate revoke can cancel the download in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
