// The typed client's arguments and results come from the route table: no casts on its calls in the app.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiClientCasts } from '../../support/apiClientCasts';

const ROOT = new URL('../../..', import.meta.url).pathname;

describe('API client casts', () => {
  it('the app has none', () => {
    expect(apiClientCasts(join(ROOT, 'frontend/src'), ROOT)).toEqual([]);
  });

  it('finds casts in arguments and on results, through await and parentheses', () => {
    const dir = mkdtempSync(join(tmpdir(), 'casts-'));
    writeFileSync(
      join(dir, 'a.ts'),
      [
        "const a = await api.call('chart.list', { q: { page: 0 } as never });",
        "const b = (await api.call('chart.get', { params: { pk: 1 } })) as unknown as Chart;",
        "const c = <Chart>api.call('chart.get', { params: { pk: 1 } });",
        "const d = await api.call('chart.get', { params: { pk: 1 } });",
        'const e = other.call(x as never);',
      ].join('\n'),
    );
    expect(apiClientCasts(dir, dir)).toEqual([
      'a.ts:1: { page: 0 } as never',
      'a.ts:2: (await api.call(\'chart.get\', { params: { pk: 1 } })) as unknown as Chart',
      "a.ts:3: <Chart>api.call('chart.get', { params: { pk: 1 } })",
    ]);
  });
});
