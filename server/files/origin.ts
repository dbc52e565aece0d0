/**
 * The origin the browser reaches the file store at (SPEC §7 Files), for the app page's
 * Content-Security-Policy: uploads (XMLHttpRequest PUT), images and videos go there. The disk
 * store is the server itself ('self'); an S3 store is its endpoint, with the bucket in the host
 * name unless path-style, or AWS's regional host.
 */
import type { FileStoreConfig } from '../config';

export const fileStoreOrigin = (config: FileStoreConfig | undefined): string | null => {
  if (!config || config.kind !== 's3') return null;
  if (config.endpoint) {
    const url = new URL(config.endpoint);
    return config.forcePathStyle ? url.origin : `${url.protocol}//${config.bucket}.${url.host}`;
  }
  return config.forcePathStyle ? `https://s3.${config.region}.amazonaws.com` : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
};
