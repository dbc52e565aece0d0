/**
 * An S3-compatible file store (SPEC §7 Files, FILE_STORE=s3): AWS SDK v3 with presigned URLs.
 *
 * - Uploads: a presigned PUT that signs the Content-Type and the Content-Length, so the store
 *   refuses other bytes (the completion checks the stored size and type again: some
 *   S3-compatible stores do not hold a PUT to its signed headers).
 * - Downloads: a presigned GET that makes the store answer with the file's type and its
 *   Content-Disposition (attachment for anything but safe images and videos).
 * - The SDK adds no checksum of its own to presigned requests (`WHEN_REQUIRED`): a checksum of an
 *   empty body signed into the URL would refuse every upload.
 * URLs are signed at the injected clock's time, so they end when the server says they do.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { normalizeMimeType } from '../../src/contract/storage';
import type { Clock } from '../clock';
import type { FileStoreConfig } from '../config';
import { contentDisposition } from './disposition';
import type { FileStore } from './types';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

/** The SDK, loaded with the first S3 call (a server on the disk store never loads it). */
const loadSdk = async () => {
  const [s3, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  return { ...s3, getSignedUrl: presigner.getSignedUrl };
};
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** Presigned URLs last whole seconds, at least one. */
const secondsUntil = (expiresAt: Date, now: Date): number => Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));

const isNotFound = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

export const createS3Client = (sdk: Pick<Sdk, 'S3Client'>, config: S3Config): S3Client =>
  new sdk.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

export const createS3FileStore = (config: S3Config, clock: Clock): FileStore => {
  let ready: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  const connect = () => {
    ready ??= loadSdk().then((sdk) => ({ sdk, client: createS3Client(sdk, config) }));
    return ready;
  };
  return {
    kind: 's3',
    async uploadUrl({ key, mimeType, size, expiresAt }) {
      const { sdk, client } = await connect();
      const contentType = normalizeMimeType(mimeType);
      const now = clock.now();
      const command = new sdk.PutObjectCommand({ Bucket: config.bucket, Key: key, ContentType: contentType, ContentLength: size });
      const url = await sdk.getSignedUrl(client, command, {
        expiresIn: secondsUntil(expiresAt, now),
        signingDate: now,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      // The browser sets Content-Length itself (a script may not); the type is sent as signed.
      return { url, headers: { 'Content-Type': contentType } };
    },
    async downloadUrl({ key, mimeType, filename, disposition, expiresAt }) {
      const { sdk, client } = await connect();
      const now = clock.now();
      const command = new sdk.GetObjectCommand({
        Bucket: config.bucket,
        Key: key,
        ResponseContentType: normalizeMimeType(mimeType),
        ResponseContentDisposition: contentDisposition(disposition, filename),
      });
      return sdk.getSignedUrl(client, command, { expiresIn: secondsUntil(expiresAt, now), signingDate: now });
    },
    async stat(key) {
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: config.bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
};
