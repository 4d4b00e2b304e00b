import { describe, expect, it } from 'vitest';
import {
  PERSISTENCE,
  dataSizeKb,
  keepResults,
  parsePersisted,
  persistedState,
  storageUsageWarning,
  usageKb,
} from '../../../../../../frontend/src/features/sqllab/state/persistence';
import type { QueryResults } from '../../../../../../frontend/src/features/sqllab/state/types';
import { editor, query, table, twoTabs } from './fixtures';

const NOW = 10 * 86_400_000;
const small: QueryResults = { status: 'success', data: [{ a: 1 }], columns: [] };

describe('local persistence table', () => {
  it('Only selected editor fields are persisted', () => {
    const state = twoTabs({ queryEditors: [editor('a', { sql: 'S', loaded: true, cursorPosition: { row: 1, column: 2 } })] });
    const [stored] = persistedState(state, false, NOW).queryEditors;
    expect(stored).toMatchObject({ id: 'a', sql: 'S', name: 'Tab a' });
    expect(stored).not.toHaveProperty('loaded');
    expect(PERSISTENCE.slices.queryEditors.fields).toContain('northPercent');
  });

  it('Stored query results are dropped if the query is older than 1 day (86400000 ms)', () => {
    expect(keepResults({ startDttm: NOW - 86_400_000 + 1, results: small }, NOW)).toBe(true);
    expect(keepResults({ startDttm: NOW - 86_400_000 - 1, results: small }, NOW)).toBe(false);
  });

  it('Stored query results are dropped if the estimated size exceeds 5120 KB; size estimate is JSON length times 2 bytes', () => {
    const padding = 'x'.repeat(Math.floor((5120 * 1024) / 2) - 100);
    const justUnder: QueryResults = { status: 'success', data: [], columns: [], query: { sql: padding } };
    expect(dataSizeKb('abcd')).toBeCloseTo((6 * 2) / 1024);
    expect(keepResults({ startDttm: NOW, results: justUnder }, NOW)).toBe(true);
    const over: QueryResults = { ...justUnder, query: { sql: `${padding}${'y'.repeat(200)}` } };
    expect(keepResults({ startDttm: NOW, results: over }, NOW)).toBe(false);
    const state = twoTabs({ queries: { q: query('q', { startDttm: NOW, results: over }), r: query('r', { startDttm: NOW, results: small }) } });
    const stored = persistedState(state, false, NOW).queries;
    expect(stored.q.results).toBeNull();
    expect(stored.r.results).toEqual(small);
  });

  it('Usage is in kilobytes rounded to 2 decimals', () => {
    expect(usageKb('x'.repeat(1000))).toBe(1.95);
    expect(usageKb('')).toBe(0);
  });

  it('With backend persistence only editors, tables and queries flagged local are kept locally, and data previews are excluded', () => {
    const state = twoTabs({
      queryEditors: [editor('a', { inLocalStorage: true }), editor('b', { inLocalStorage: false })],
      tables: [table('t1', { inLocalStorage: true }), table('t2')],
      queries: {
        q1: query('q1', { inLocalStorage: true, startDttm: NOW }),
        q2: query('q2', { startDttm: NOW }),
        p: query('p', { inLocalStorage: true, isDataPreview: true, startDttm: NOW }),
      },
    });
    const backed = persistedState(state, true, NOW);
    expect(backed.queryEditors.map((qe) => qe.id)).toEqual(['a']);
    expect(backed.tables.map((t) => t.id)).toEqual(['t1']);
    expect(Object.keys(backed.queries)).toEqual(['q1']);
    const local = persistedState(state, false, NOW);
    expect(local.queryEditors).toHaveLength(2);
    expect(Object.keys(local.queries)).toEqual(['q1', 'q2']);
  });

  it('Reading back tolerates corrupt storage', () => {
    expect(parsePersisted('{not json')).toBeNull();
    expect(parsePersisted(JSON.stringify({ foo: 1 }))).toBeNull();
    const state = twoTabs();
    const round = parsePersisted(JSON.stringify(persistedState(state, false, NOW)));
    expect(round?.tabHistory).toEqual(['b', 'a']);
  });
});

describe('edits not yet pushed', () => {
  it('With backend persistence, a migrated tab edited since the last push is also kept locally until pushed', () => {
    const state = twoTabs({
      editorTabLastUpdatedAt: 100,
      queryEditors: [editor('a', { inLocalStorage: false, updatedAt: 150, sql: 'dirty' }), editor('b', { inLocalStorage: false, updatedAt: 50 })],
    });
    expect(persistedState(state, true, NOW).queryEditors.map((qe) => qe.id)).toEqual(['a']);
  });
});

describe('storage usage', () => {
  it('warns once usage passes 90% of the 5 MB browsers allow', () => {
    expect(storageUsageWarning(4607)).toBeNull();
    expect(storageUsageWarning(4608)).toMatch(/using 4608.00 KB out of 5120 KB/);
  });
});

describe('storage almost full', () => {
  it('a write that exceeds the quota is reported as full, not thrown, and the page warns', async () => {
    const { writePersisted } = await import('../../../../../../frontend/src/features/sqllab/state/store');
    const state = twoTabs({ queryEditors: [editor('a', { sql: 'SELECT 1' })] });
    const kept = new Map<string, string>();
    const roomy = { setItem: (k: string, v: string) => void kept.set(k, v) };
    const ok = writePersisted(roomy, state, false, NOW);
    expect(ok.full).toBe(false);
    expect(kept.get(PERSISTENCE.storageKey)).toContain('SELECT 1');
    expect(ok.usageKb).toBe(usageKb(kept.get(PERSISTENCE.storageKey)!));

    const full = {
      setItem: () => {
        throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      },
    };
    const failed = writePersisted(full, state, false, NOW);
    expect(failed).toEqual({ usageKb: ok.usageKb, full: true });
    // Even far below 90% of 5 MB, a refused write is worth a warning: local copies are no longer kept.
    expect(storageUsageWarning(failed.usageKb)).toBeNull();
    expect(storageUsageWarning(failed.usageKb, failed.full)).toMatch(/local storage is full/);
  });
});
