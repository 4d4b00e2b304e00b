// The blobs port: query results and report files in S3.
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { presignGetObject } from './presign';

export interface Blobs {
  put(key: string, body: Buffer | string, contentType?: string): Promise<void>;
  /** null when the key does not exist (or has expired). */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** (S3 only) A URL anyone holding it may GET the object with, for `expiresSec`, downloaded as `fileName`. */
  presignedGetUrl?(key: string, options: { expiresSec: number; fileName?: string }): Promise<string>;
}

export function s3Blobs(client: S3Client, bucket: string): Blobs {
  return {
    async put(key, body, contentType = 'application/octet-stream') {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    presignedGetUrl: (key, options) => presignGetObject(client, bucket, key, options),
  };
}
