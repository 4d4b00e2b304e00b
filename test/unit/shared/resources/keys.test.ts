import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYS, padId, padMs } from '../../../../shared/resources/keys';

describe('main table keys', () => {
  // Stored data depends on these exact shapes: a change here orphans every item already written.
  it('keeps the stored key layout', () => {
    expect(KEYS.user(7)).toEqual({ pk: 'USER#7', sk: 'USER' });
    expect(KEYS.username('Admin')).toBe('USERNAME#admin');
    expect(KEYS.query({ user_id: 3, client_id: 'abc' })).toEqual({ pk: 'QUERY#3#abc', sk: 'QUERY' });
    expect(KEYS.legacyQuery('abc')).toEqual({ pk: 'QUERY#abc', sk: 'QUERY' });
    expect(KEYS.tabQueries(3, '12')).toBe('USER#3#TAB#12#QUERIES');
    expect(KEYS.savedQuerySchedule(1_700_000_000_000, 5)).toEqual({ pk: 'SCHEDULE#SAVEDQUERY', sk: '001700000000000#000000000005' });
    expect(KEYS.tabTableSchema(2, 9)).toEqual({ pk: 'TABSTATE#2', sk: 'TABLESCHEMA#000000000009' });
    expect(KEYS.datasetName({ database_id: 1, catalog: null, schema: 'main', table_name: 't' })).toEqual({ pk: 'DATASETNAME#1##main#t', sk: 'DATASETNAME' });
    expect(KEYS.datasetUuid('AB-CD')).toEqual({ pk: 'DATASETUUID#ab-cd', sk: 'DATASETUUID' });
  });

  it('pads numbers so string order is numeric order', () => {
    expect(padId(42) < padId(100)).toBe(true);
    expect(padMs(999) < padMs(1000)).toBe(true);
    expect(padId(3.7)).toBe('000000000003');
  });
});

describe('layering', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });

  it('functions/ and shared/ never import infra/', () => {
    const offenders = [...files('functions'), ...files('shared')].filter((f) => /from '(\.\.\/)+infra\//.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
