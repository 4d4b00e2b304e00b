// In AWS the examples DuckDB file is not on a function's disk: the deploy uploads it to the examples
// bucket and each container copies it to EXAMPLES_DB_PATH (/tmp) before first opening it. Where the
// file already exists (the local cloud builds it there) nothing happens.
import { createWriteStream } from 'node:fs';
import { access, mkdir, rename } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { FUNCTION_ENV } from '../../shared/resources/index';
import { makeS3Client } from '../ports/awsClients';
import { duckdbPathFromUri } from '../engines/duckdb/uri';
import type { DatabaseConfig } from '../engines/types';

let copying: Promise<void> | null = null;

const exists = (path: string) => access(path).then(() => true, () => false);

export async function ensureExamplesFile(db: Pick<DatabaseConfig, 'backend' | 'sqlalchemy_uri'>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const target = env[FUNCTION_ENV.examplesDbPath];
  const bucket = env[FUNCTION_ENV.examplesS3Bucket];
  const key = env[FUNCTION_ENV.examplesS3Key];
  if (db.backend !== 'duckdb' || !target || !bucket || !key) return;
  if (resolve(duckdbPathFromUri(db.sqlalchemy_uri)) !== resolve(target) || (await exists(target))) return;
  copying ??= (async () => {
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    const object = await makeS3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await pipeline(object.Body as Readable, createWriteStream(partial));
    await rename(partial, target);
  })().finally(() => {
    copying = null;
  });
  await copying;
}
