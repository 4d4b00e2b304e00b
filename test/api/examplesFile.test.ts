// The examples DuckDB file as AWS functions get it: copied from the examples bucket to
// EXAMPLES_DB_PATH on first use, through the S3 API of the local cloud.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { makeS3Client } from '../../functions/ports/awsClients';
import { ensureExamplesFile } from '../../functions/databases/examplesFile';
import { BUCKETS } from '../../shared/resources/index';

let cloud: LocalCloud;
let dir: string;

beforeAll(async () => {
  cloud = await startLocalCloud();
  dir = await mkdtemp(join(tmpdir(), 'sqlscape-examples-file-'));
});

afterAll(async () => {
  await cloud?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('examples file on a function cold start', () => {
  it('copies the object to EXAMPLES_DB_PATH once, and leaves other databases alone', async () => {
    const bucket = process.env[BUCKETS.results.env]!;
    const bytes = Buffer.from('not really a duckdb file, only bytes to copy');
    await makeS3Client().send(new PutObjectCommand({ Bucket: bucket, Key: 'examples/examples.duckdb', Body: bytes }));
    const target = join(dir, 'examples.duckdb');
    const env = { EXAMPLES_DB_PATH: target, EXAMPLES_S3_BUCKET: bucket, EXAMPLES_S3_KEY: 'examples/examples.duckdb' };

    await ensureExamplesFile({ backend: 'duckdb', sqlalchemy_uri: `duckdb:///${join(dir, 'other.duckdb')}` }, env);
    await expect(readFile(target)).rejects.toThrow();

    await Promise.all([
      ensureExamplesFile({ backend: 'duckdb', sqlalchemy_uri: `duckdb:///${target}` }, env),
      ensureExamplesFile({ backend: 'duckdb', sqlalchemy_uri: `duckdb:///${target}` }, env),
    ]);
    expect(await readFile(target)).toEqual(bytes);
  });
});
