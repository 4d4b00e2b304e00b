// Row level security set on the chart data path (run: npm run bench rls). A set of ~360 kB (300
// filters) in the local cloud's DynamoDB; the dataset, database and set read as a chart data request
// reads them (charts/datasource.ts), 200 times in a row, with the per-container cache (rls/setCache.ts)
// and with it forgotten before every request. Prints per-request time, reads of the set item, and what
// a strongly consistent read of that item costs in AWS: 4 kB per read capacity unit, and one partition
// serves 3,000 read units a second, which is what caps chart loads per second without the cache.
import './quietEnv';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { loadDatasource } from '../../functions/charts/datasource';
import { RLS_SET_KEY, type RlsRecord } from '../../functions/rls/repository';
import { forgetRlsFilters, RLS_CACHE_MS } from '../../functions/rls/setCache';
import { KEYS } from '../../shared/resources/keys';
import { startLocalCloud } from '../support/localCloud';
import { fmt, median, printTable } from './support';

const FILTERS = 300;
const REQUESTS = 200;
const PARTITION_READ_UNITS_PER_S = 3000;

const cloud = await startLocalCloud();
try {
  const ports = cloud.stack.ports;
  const put = (item: Record<string, unknown>) => ports.tables.doc.send(new PutCommand({ TableName: ports.tables.name('main'), Item: item }));
  const filters: RlsRecord[] = Array.from({ length: FILTERS }, (_, i) => ({
    id: i + 1,
    name: `filter ${i + 1}`,
    description: null,
    filter_type: 'Regular',
    tables: [1],
    roles: [i % 5],
    group_key: null,
    clause: `region IN (${Array.from({ length: 100 }, (_, j) => `'r${i}-${j}'`).join(',')})`,
    created_on: '2026-01-01T00:00:00',
    changed_on: '2026-01-01T00:00:00',
    created_by: 1,
    changed_by: 1,
  }));
  const setBytes = Buffer.byteLength(JSON.stringify(filters));
  await put({ ...KEYS.dataset(1), dataset: { id: 1, database_id: 1, table_name: 'sales', columns: [] } });
  await put({ ...KEYS.database(1), database: { id: 1, database_name: 'warehouse' } });
  await put({ ...RLS_SET_KEY, filters, version: 1 });

  // Counts the requests that name the set item (the batch reads of the chart data path).
  let setReads = 0;
  const doc = ports.tables.doc;
  const send = doc.send.bind(doc);
  doc.send = ((command: { input: unknown }) => {
    if (JSON.stringify(command.input).includes(RLS_SET_KEY.pk)) setReads += 1;
    return send(command as never);
  }) as typeof doc.send;
  const run = async (forget: boolean) => {
    setReads = 0;
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      if (forget) forgetRlsFilters();
      const started = performance.now();
      const found = await loadDatasource(ports, 1, 'table', { withRlsFilters: true });
      times.push(performance.now() - started);
      if (found?.rlsFilters?.length !== FILTERS) throw new Error('the set was not read whole');
    }
    return { times, reads: setReads };
  };
  forgetRlsFilters();
  const uncached = await run(true);
  forgetRlsFilters();
  const cached = await run(false);
  const readUnits = Math.ceil(setBytes / 4096);
  printTable(`RLS set of ${FILTERS} filters, ${fmt(setBytes / 1024, 0)} kB: ${REQUESTS} chart data reads`, [
    {
      mode: 'read every request',
      median_ms: fmt(median(uncached.times)),
      set_reads: uncached.reads,
      aws_read_units_each: readUnits,
      aws_chart_loads_per_s_cap: fmt(PARTITION_READ_UNITS_PER_S / readUnits, 0),
    },
    {
      mode: `cached ${RLS_CACHE_MS / 1000} s per container`,
      median_ms: fmt(median(cached.times)),
      set_reads: cached.reads,
      aws_read_units_each: readUnits,
      aws_chart_loads_per_s_cap: `${fmt(PARTITION_READ_UNITS_PER_S / readUnits, 0)} containers' first reads per s; none after`,
    },
  ]);
} finally {
  await cloud.stop();
}
