import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** Where uploaded images live: a local folder by default, an S3-compatible store when configured. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/** A generated, unguessable name: nothing of the uploader's file name reaches the store. */
export function newStorageKey(folder: 'photos' | 'documents' | 'covers'): string {
  return `${folder}/${randomBytes(18).toString('base64url')}.jpg`;
}

export const storageKeyPattern = /^(photos|documents|covers)\/[A-Za-z0-9_-]{24}\.jpg$/;

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  #path(key: string): string {
    if (!storageKeyPattern.test(key)) throw new Error('invalid storage key');
    return join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, body, { mode: 0o600 });
    await rename(partial, path);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export class S3FileStorage implements FileStorage {
  readonly #client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.#client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      // S3-compatible stores (MinIO, Ceph, …) do not all accept the SDK's newer default checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close(): void {
    this.#client.destroy();
  }
}
