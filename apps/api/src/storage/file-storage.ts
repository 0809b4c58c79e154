import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** Where uploaded images live: a local folder by default, an S3-compatible store when configured. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** Whether the store holds the file, without reading it. */
  has(key: string): Promise<boolean>;
  /** Every file's key in the store (backups and restores compare them with the database's). */
  keys(): AsyncIterable<string>;
  /** Throws, naming the store, when it cannot take files (at start-up and for /readyz). */
  check(): Promise<void>;
}

/** A generated, unguessable name: nothing of the uploader's file name reaches the store. */
export function newStorageKey(folder: 'photos' | 'documents' | 'covers'): string {
  return `${folder}/${randomBytes(18).toString('base64url')}.jpg`;
}

export const storageKeyPattern = /^(photos|documents|covers)\/[A-Za-z0-9_-]{24}\.jpg$/;

const storageFolders = ['photos', 'documents', 'covers'] as const;

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

  async has(key: string): Promise<boolean> {
    try {
      await access(this.#path(key));
      return true;
    } catch {
      return false;
    }
  }

  async *keys(): AsyncIterable<string> {
    for (const folder of storageFolders) {
      let names: string[];
      try {
        names = await readdir(join(this.root, folder));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      for (const name of names) {
        const key = `${folder}/${name}`;
        if (storageKeyPattern.test(key)) yield key;
      }
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
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

  async has(key: string): Promise<boolean> {
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (name === 'NotFound' || $metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async *keys(): AsyncIterable<string> {
    for (const folder of storageFolders) {
      let token: string | undefined;
      do {
        const page = await this.#client.send(
          new ListObjectsV2Command({
            Bucket: this.settings.bucket,
            Prefix: `${folder}/`,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key && storageKeyPattern.test(object.Key)) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
  }

  /** The bucket exists and these credentials reach it: uploads would otherwise fail one by one. */
  async check(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      const why =
        $metadata?.httpStatusCode === 404 ? 'does not exist' : `cannot be reached (${name ?? 'error'})`;
      throw new Error(`S3_BUCKET "${this.settings.bucket}" at ${this.settings.endpoint} ${why}`, {
        cause: error,
      });
    }
  }

  close(): void {
    this.#client.destroy();
  }
}

/** The image store the settings name: the bucket when S3 is configured, else DATA_DIR/uploads. */
export function fileStorageFor(settings: {
  s3: S3Settings | undefined;
  dataDir: string;
}): LocalFileStorage | S3FileStorage {
  return settings.s3
    ? new S3FileStorage(settings.s3)
    : new LocalFileStorage(join(settings.dataDir, 'uploads'));
}

/** The store, each failed call told to `onError` (then thrown on as it was). */
export function countingErrors(storage: FileStorage, onError: () => void): FileStorage {
  const counted = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      onError();
      throw error;
    }
  };
  return {
    put: (key, body, contentType) => counted(storage.put(key, body, contentType)),
    get: (key) => counted(storage.get(key)),
    delete: (key) => counted(storage.delete(key)),
    has: (key) => counted(storage.has(key)),
    keys: () => storage.keys(),
    check: () => counted(storage.check()),
  };
}
