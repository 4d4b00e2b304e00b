// The row level security set is read once per RLS_CACHE_MS per container by chart data requests, and a
// change saved through the same container is seen by the very next request. The table is an in-memory
// stand-in for DynamoDB that counts reads of the set item.
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDatasource } from '../../../../functions/charts/datasource';
import type { Ports } from '../../../../functions/ports/index';
import { changeRlsFilters, RLS_SET_KEY, type RlsRecord } from '../../../../functions/rls/repository';
import { forgetRlsFilters, RLS_CACHE_MS } from '../../../../functions/rls/setCache';
import { KEYS } from '../../../../shared/resources/keys';

type Item = Record<string, unknown> & { pk: string; sk: string };
const keyOf = (k: { pk: string; sk: string }) => `${k.pk}|${k.sk}`;

function memoryPorts() {
  const items = new Map<string, Item>();
  let setReads = 0;
  const isSet = (k: { pk: string; sk: string }) => keyOf(k) === keyOf(RLS_SET_KEY);
  const send = async (command: unknown) => {
    if (command instanceof BatchGetCommand) {
      const [[table, { Keys }]] = Object.entries(command.input.RequestItems!);
      setReads += Keys!.filter((k) => isSet(k as Item)).length;
      return { Responses: { [table]: Keys!.map((k) => items.get(keyOf(k as Item))).filter(Boolean) } };
    }
    if (command instanceof GetCommand) {
      if (isSet(command.input.Key as Item)) setReads += 1;
      return { Item: items.get(keyOf(command.input.Key as Item)) };
    }
    if (command instanceof PutCommand) {
      const item = command.input.Item as Item;
      const current = items.get(keyOf(item));
      const expected = command.input.ExpressionAttributeValues?.[':v'];
      if (current ? current.version !== expected : expected !== undefined) throw Object.assign(new Error('condition'), { name: 'ConditionalCheckFailedException' });
      items.set(keyOf(item), item);
      return {};
    }
    if (command instanceof QueryCommand) return { Items: [] };
    throw new Error(`unexpected ${String(command)}`);
  };
  const ports = { tables: { doc: { send }, name: () => 'main' } } as unknown as Ports;
  return { ports, items, setReads: () => setReads };
}

const filter = (id: number, clause: string): RlsRecord => ({
  id,
  name: `f${id}`,
  description: null,
  filter_type: 'Regular',
  tables: [1],
  roles: [2],
  group_key: null,
  clause,
  created_on: '2026-01-01T00:00:00',
  changed_on: '2026-01-01T00:00:00',
  created_by: 1,
  changed_by: 1,
});

let store: ReturnType<typeof memoryPorts>;

beforeEach(() => {
  forgetRlsFilters();
  store = memoryPorts();
  store.items.set(keyOf(KEYS.dataset(1)), { ...KEYS.dataset(1), dataset: { id: 1, database_id: 3, table_name: 't' } });
  store.items.set(keyOf(KEYS.database(3)), { ...KEYS.database(3), database: { id: 3, database_name: 'db' } });
  store.items.set(keyOf(RLS_SET_KEY), { ...RLS_SET_KEY, filters: [filter(1, 'a = 1')], version: 1 });
});

afterEach(() => {
  vi.useRealTimers();
});

const load = () => loadDatasource(store.ports, 1, 'table', { withRlsFilters: true });

describe('row level security set cache', () => {
  it('reads the set item once for many chart requests within RLS_CACHE_MS, and again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    for (let i = 0; i < 50; i++) expect((await load())?.rlsFilters?.map((f) => f.clause)).toEqual(['a = 1']);
    expect(store.setReads()).toBe(1);
    vi.setSystemTime(1_000_000 + RLS_CACHE_MS - 1);
    await load();
    expect(store.setReads()).toBe(1);
    vi.setSystemTime(1_000_000 + RLS_CACHE_MS);
    await load();
    expect(store.setReads()).toBe(2);
  });

  it('binds a change saved through this container on the very next request', async () => {
    await load();
    await changeRlsFilters(store.ports, (filters) => [...filters, filter(2, 'b = 2')]);
    expect((await load())?.rlsFilters?.map((f) => f.clause)).toEqual(['a = 1', 'b = 2']);
  });

  it('shows a change saved elsewhere (another container) only once the cached read is older than RLS_CACHE_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(2_000_000);
    await load();
    store.items.set(keyOf(RLS_SET_KEY), { ...RLS_SET_KEY, filters: [filter(1, 'a = 1'), filter(3, 'c = 3')], version: 2 });
    expect((await load())?.rlsFilters).toHaveLength(1);
    vi.setSystemTime(2_000_000 + RLS_CACHE_MS);
    expect((await load())?.rlsFilters).toHaveLength(2);
  });
});
