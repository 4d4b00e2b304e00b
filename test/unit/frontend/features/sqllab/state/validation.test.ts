import { describe, expect, it } from 'vitest';
import { templateParamsError } from '../../../../../../frontend/src/features/sqllab/components/TemplateParamsEditor';
import { requestedQueryFrom } from '../../../../../../frontend/src/features/sqllab/SqlLabPage';
import { defaultDatabaseId } from '../../../../../../frontend/src/features/sqllab/actions/tabLoading';

describe('validation rules', () => {
  it('Default database is the configured default id, else the lowest database id', () => {
    const dbs = [{ id: 5, database_name: 'b' }, { id: 2, database_name: 'a' }];
    expect(defaultDatabaseId(dbs, 5)).toBe(5);
    expect(defaultDatabaseId(dbs, null)).toBe(2);
    expect(defaultDatabaseId(dbs, 99)).toBe(2);
    expect(defaultDatabaseId([], null)).toBeNull();
  });

  it('Templates parameters are JSON text', () => {
    expect(templateParamsError('')).toBeNull();
    expect(templateParamsError('{"a": 1}')).toBeNull();
    expect(templateParamsError('{"a": ')).toMatch(/Invalid JSON/);
    expect(templateParamsError('[1]')).toMatch(/JSON object/);
  });

  it('The page accepts a requested query through router state, a share link, a saved query id or URL SQL', () => {
    const none = new URLSearchParams('');
    expect(requestedQueryFrom(none, { requestedQuery: { datasourceKey: '3__table', sql: 'SELECT 1' } })).toEqual({ datasourceKey: '3__table', sql: 'SELECT 1' });
    expect(requestedQueryFrom(new URLSearchParams('id=abc'), undefined)).toEqual({ kvId: 'abc' });
    expect(requestedQueryFrom(new URLSearchParams('savedQueryId=4'), undefined)).toEqual({ savedQueryId: 4 });
    expect(requestedQueryFrom(new URLSearchParams('sql=SELECT%202&dbid=1&autorun=true'), undefined)).toMatchObject({ sql: 'SELECT 2', dbId: 1, autorun: true });
    expect(requestedQueryFrom(none, undefined)).toBeNull();
    // A new window gets its request through a one-time key in local storage.
    const store = new Map([['sqlscape.sqllab.request.k1', JSON.stringify({ datasourceKey: '2__table', sql: 'SELECT 3' })]]);
    const storage = { getItem: (k: string) => store.get(k) ?? null, removeItem: (k: string) => void store.delete(k) };
    expect(requestedQueryFrom(new URLSearchParams('requestKey=k1'), undefined, storage)).toEqual({ datasourceKey: '2__table', sql: 'SELECT 3' });
    expect(store.size).toBe(0);
    expect(requestedQueryFrom(new URLSearchParams('requestKey=k1'), undefined, storage)).toBeNull();
  });
});
