// GET /api/v1/chart/data/{cache_key} without async queries (Superset's data_from_cache): a result's
// cache_key answers that result from the cache to anyone whose own request would have been answered
// from it (dataset access, the same row level security), and is 404 to everyone else and for keys
// that name nothing. The async job keys (result_url, one user's) are covered in async.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';
import { grantDatasets, makeUser } from '../permissionHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let noAccess: string;
let cars: number;
let weather: number;
const { call } = client(() => cloud);
const GAMMA = 4;

const body = (dataset: number, query: Json) => ({
  datasource: { id: dataset, type: 'table' },
  queries: [{ metrics: ['count'], row_limit: 100, ...query }],
  result_type: 'full',
  result_format: 'json',
});
const post = (token: string, json: Json) => call('/api/v1/chart/data', { method: 'POST', token, json });
const byKey = (token: string, key: string) => call(`/api/v1/chart/data/${key}`, { token });

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  const dataset = async (table: string) =>
    (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: table, schema: 'main' } })).body.result.table_id as number;
  cars = await dataset('cars');
  weather = await dataset('seattle_weather');
  await grantDatasets(cloud, admin, 'bykey_weather_only', [weather]);
  noAccess = await makeUser(cloud, admin, 'bykey_weather_only', ['Gamma', 'bykey_weather_only']);
}, 120_000);
afterAll(() => cloud?.stop());

describe('GET /api/v1/chart/data/{cache_key}', () => {
  it('answers a result from the cache by its cache_key, to its user and to users who may read the same answer', async () => {
    const ran = await post(gamma, body(cars, { columns: ['Origin'], orderby: [['Origin', true]] }));
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    const first = ran.body.result[0];
    expect(first.is_cached).toBe(false);
    const mine = await byKey(gamma, first.cache_key);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.result).toHaveLength(1);
    const { is_cached, cached_dttm, ...rest } = mine.body.result[0];
    expect(is_cached).toBe(true);
    expect(cached_dttm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    const { is_cached: wasCached, cached_dttm: wasCachedAt, ...ranRest } = first;
    expect([wasCached, wasCachedAt]).toEqual([false, null]);
    expect(rest).toEqual(ranRest);
    expect(rest.data).toEqual([{ Origin: 'Europe', count: 73 }, { Origin: 'Japan', count: 79 }, { Origin: 'USA', count: 254 }]);
    // Admin reads cars too and no row level security binds either user: the same answer.
    expect((await byKey(admin, first.cache_key)).body.result[0].data).toEqual(rest.data);
  });

  it('is 404 for keys that name nothing, for a user who may not read the dataset, and for an answer filtered for another user\'s rows', async () => {
    expect((await byKey(gamma, '0'.repeat(40))).status).toBe(404);
    expect((await byKey(gamma, 'not-a-key')).status).toBe(404);
    const carsKey = (await post(admin, body(cars, { columns: ['Cylinders'] }))).body.result[0].cache_key;
    const notFound = await byKey(noAccess, carsKey);
    expect(notFound.status).toBe(404);
    expect(notFound.body).toMatchObject({ message: 'Cached data not found' });
    // The same user reads what they may: a weather answer.
    const weatherKey = (await post(admin, body(weather, { columns: ['weather'] }))).body.result[0].cache_key;
    expect((await byKey(noAccess, weatherKey)).status).toBe(200);

    const rls = await call('/api/v1/rowlevelsecurity/', { method: 'POST', token: admin, json: { name: 'bykey gamma', filter_type: 'Regular', tables: [weather], roles: [GAMMA], clause: "weather = 'sun'" } });
    expect(rls.status, JSON.stringify(rls.body)).toBe(201);
    const filtered = await post(gamma, body(weather, { columns: ['weather'] }));
    expect(filtered.body.result[0].data).toEqual([{ weather: 'sun', count: expect.any(Number) }]);
    const gammaKey = filtered.body.result[0].cache_key;
    expect(gammaKey).not.toBe(weatherKey);
    expect((await byKey(gamma, gammaKey)).body.result[0].data).toEqual(filtered.body.result[0].data);
    // Admin is bound by no filter: gamma's filtered answer is not theirs, and admin's is not gamma's.
    expect((await byKey(admin, gammaKey)).status).toBe(404);
    expect((await byKey(gamma, weatherKey)).status).toBe(404);
  });
});
