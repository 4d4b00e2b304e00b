import { describe, expect, it } from 'vitest';
import { checkMainDttm, mergeColumns, mergeMetrics } from '../../../../functions/datasets/edit';
import type { DatasetRecord } from '../../../../functions/datasets/repository';
import { SupersetError } from '../../../../shared/errors';

const column = (id: number, column_name: string) => ({
  id, uuid: `u${id}`, column_name, type: 'VARCHAR', type_generic: 1 as const, is_dttm: false, verbose_name: null, description: null,
  expression: null, filterable: true, groupby: true, is_active: true, python_date_format: null, advanced_data_type: null, extra: null,
});
const dataset = {
  id: 7,
  columns: [column(70001, 'a'), column(70002, 'b')],
  metrics: [{ id: 70001, uuid: 'm1', metric_name: 'count', verbose_name: null, metric_type: 'count', expression: 'COUNT(*)', description: null, d3format: null, currency: null, warning_text: null, extra: null }],
} as unknown as DatasetRecord;
let n = 0;
const uuid = () => `new${++n}`;
const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return [(e as SupersetError).status, (e as SupersetError).message];
  }
  return null;
};

describe('dataset edits', () => {
  it('replaces the column set: listed ids change, new ones get the next id of the block, unlisted go', () => {
    const out = mergeColumns(dataset, [{ id: 70002, column_name: 'b2', verbose_name: 'B' }, { column_name: 'c', expression: ' a + 1 ', type: 'INTEGER' }], uuid);
    expect(out.map((c) => [c.id, c.column_name])).toEqual([[70002, 'b2'], [70003, 'c']]);
    expect(out[0]).toMatchObject({ uuid: 'u70002', verbose_name: 'B', type: 'VARCHAR', filterable: true });
    expect(out[1]).toMatchObject({ expression: 'a + 1', type_generic: 0 });
  });

  it('refuses unknown ids and duplicate names with 422 and the field', () => {
    expect(status(() => mergeColumns(dataset, [{ id: 1, column_name: 'x' }], uuid))).toEqual([422, 'One or more columns do not exist']);
    expect(status(() => mergeColumns(dataset, [{ column_name: 'x' }, { column_name: 'x' }], uuid))).toEqual([422, 'One or more columns are duplicated']);
    expect(status(() => mergeMetrics(dataset, [{ metric_name: 'm', expression: '1' }, { metric_name: 'm', expression: '2' }], uuid))).toEqual([422, 'One or more metrics are duplicated']);
    expect(status(() => checkMainDttm('zz', dataset.columns))).toEqual([422, 'Column zz is not a column of this dataset']);
    expect(status(() => checkMainDttm('a', dataset.columns))).toBeNull();
  });

  it('keeps a metric by id, stores currency as JSON text', () => {
    const out = mergeMetrics(dataset, [{ id: 70001, metric_name: 'count', expression: 'COUNT(*)', currency: { symbol: 'EUR', symbolPosition: 'prefix' } }, { metric_name: 'total', expression: 'SUM(a)' }], uuid);
    expect(out.map((m) => [m.id, m.metric_name, m.uuid])).toEqual([[70001, 'count', 'm1'], [70002, 'total', expect.any(String)]]);
    expect(JSON.parse(out[0].currency!)).toEqual({ symbol: 'EUR', symbolPosition: 'prefix' });
  });
});
