// What AWS does in the background and the emulators do not: DynamoDB TTL deletes expired items (lazily,
// within days) and the results bucket's lifecycle rule expires old objects. Without this the .data
// folder of a long-lived `npm start` only grows. Readers already ignore expired items (isExpired), so
// when this runs does not change what the API answers.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { BUCKETS, TABLES, type TableDef } from '../../shared/resources/index';
import type { LocalNames } from './config';

export interface JanitorReport {
  items: number;
  objects: number;
}

async function sweepTable(doc: DynamoDBDocumentClient, name: string, def: TableDef, nowSeconds: number): Promise<number> {
  if (!def.ttlAttribute) return 0;
  const keys = [def.partitionKey, def.sortKey].filter((k): k is string => Boolean(k));
  let deleted = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: name,
        FilterExpression: '#ttl < :now',
        ExpressionAttributeNames: { '#ttl': def.ttlAttribute },
        ExpressionAttributeValues: { ':now': nowSeconds },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      await doc.send(new DeleteCommand({ TableName: name, Key: Object.fromEntries(keys.map((k) => [k, item[k]])) }));
      deleted++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return deleted;
}

async function sweepBucket(s3: S3Client, bucket: string, maxAgeMs: number, nowMs: number): Promise<number> {
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (object.Key && object.LastModified && nowMs - object.LastModified.getTime() > maxAgeMs) {
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
        deleted++;
      }
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}

export async function sweep(names: LocalNames, region: string, nowMs = Date.now()): Promise<JanitorReport> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region }));
  const s3 = new S3Client({ region, forcePathStyle: true });
  try {
    let items = 0;
    for (const [key, def] of Object.entries(TABLES)) {
      items += await sweepTable(doc, names.tables[key as keyof typeof TABLES], def, Math.floor(nowMs / 1000));
    }
    const objects = await sweepBucket(s3, names.bucket, BUCKETS.results.expirationDays * 24 * 3600_000, nowMs);
    return { items, objects };
  } finally {
    doc.destroy();
    s3.destroy();
  }
}

/** Sweeps now and then every hour until stopped; a failed sweep is logged and retried next time. */
export function startJanitor(names: LocalNames, region: string, log: (line: string) => void) {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sweep(names, region)
      .then((r) => (r.items || r.objects) && log(`janitor: removed ${r.items} expired items, ${r.objects} old result objects`))
      .catch((error) => console.error('[local janitor]', (error as Error).message));
  };
  run();
  const timer = setInterval(run, 3600_000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
