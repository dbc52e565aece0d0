/** What a file store is (server/files/store.ts chooses one by configuration). */

/** How a download is served: shown in the page (safe images and videos only) or saved as a file. */
export type Disposition = 'inline' | 'attachment';

export type SignedUpload = { url: string; headers: Record<string, string> };

export type FileStore = {
  kind: 'disk' | 's3';
  /** A URL the browser PUTs exactly `size` bytes of `mimeType` to, until `expiresAt`. */
  uploadUrl(o: { key: string; mimeType: string; size: number; expiresAt: Date }): Promise<SignedUpload>;
  /** A URL that reads the object until `expiresAt`, served with this type, disposition and file name. */
  downloadUrl(o: { key: string; mimeType: string; filename: string; disposition: Disposition; expiresAt: Date }): Promise<string>;
  /** The stored object's size (and type, when the store keeps one), or null when there is none. */
  stat(key: string): Promise<{ size: number; contentType: string | null } | null>;
  /** Removes the object (nothing happens when there is none). */
  remove(key: string): Promise<void>;
};
