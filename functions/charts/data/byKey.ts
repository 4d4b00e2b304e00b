// GET /api/v1/chart/data/{cache_key} (Superset's ChartDataRestApi.data_from_cache): the answer cached
// under a key the caller may read, from one object read and no engine call.
// - The result_url key of an async job answers the whole job to the user it ran for only (a grant
//   written by the worker); another user gets 404, as the job is theirs.
// - The cache_key of one query's answer (each result's `cache_key`) answers `{result: [that result]}`
//   to any user whose own request would have been answered from it: who may read its dataset and
//   whose row level security on it is the one it ran under. Anyone else gets 404, as if it did not
//   exist (the key of an answer filtered for another user's rows is that user's).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SupersetError } from '../../../shared/errors';
import { KEYS } from '../../../shared/resources/keys';
import type { Identity } from '../../http/identity';
import type { RawResponse } from '../../http/respond';
import type { Ports } from '../../ports/index';
import { rowLevelFiltersFor } from '../../rls/forUser';
import { datasourceForData } from '../datasource';
import { CACHE_KEY_PATTERN, readCacheText } from './cache';
import { answerJson, cachedResult, type CachedMeta } from './resultText';
import { jsonText } from './service';

const notFound = () => new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', 'Cached data not found', { status: 404 });

async function isGranted(ports: Ports, user: Identity, key: string): Promise<boolean> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: KEYS.chartResultGrant(user.userId, key) }));
  return Boolean(out.Item);
}

/** Whether the user's own request would be answered from this entry: dataset access and the same row level security. */
async function mayRead(ports: Ports, user: Identity, meta: CachedMeta): Promise<boolean> {
  if (typeof meta.datasource_id !== 'number' || !Array.isArray(meta.row_level_filters)) return false;
  try {
    await datasourceForData(ports, user, meta.datasource_id, 'table');
  } catch (error) {
    if (error instanceof SupersetError && (error.status === 403 || error.status === 404)) return false;
    throw error;
  }
  const own = await rowLevelFiltersFor(ports, user, meta.datasource_id);
  return JSON.stringify(own) === JSON.stringify(meta.row_level_filters);
}

export async function chartDataByKey(ports: Ports, user: Identity, key: string): Promise<RawResponse> {
  if (!CACHE_KEY_PATTERN.test(key)) throw notFound();
  const [granted, entry] = await Promise.all([isGranted(ports, user, key), readCacheText<CachedMeta>(ports.blobs, key, ports.clock.now())]);
  if (!entry) throw notFound();
  // A job's answer is stored whole, as `{"result": [...]}`.
  if (granted) return jsonText(entry.text);
  if (!entry.meta || !(await mayRead(ports, user, entry.meta))) throw notFound();
  return jsonText(answerJson([cachedResult(entry, null)]));
}
