// Chart SQL compiled for Athena parses on the Trino grammar (no Athena to run it on here): the golden
// requests, every grain, the dialect's operators, OFFSET before LIMIT.
import { readFileSync } from 'node:fs';
import { TrinoSQL } from 'dt-sql-parser/dist/parser/trino';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../../../../functions/charts/query/compile';
import type { CompilerDataset } from '../../../../../functions/charts/query/types';
import { ChartDataQueryContextSchema, TIME_GRAINS, type QueryObject } from '../../../../../shared/schemas/chartData';

const golden = JSON.parse(readFileSync(new URL('../../../../../../shared/fixtures/superset-chart-data/golden.json', import.meta.url), 'utf8')) as Record<string, { request: unknown }>;
const parser = new TrinoSQL();

const column = (column_name: string, type: string, extra = {}) => ({ column_name, type, ...extra });
const dataset = (table: string, columns: CompilerDataset['columns']): CompilerDataset => ({
  engine: 'awsathena',
  table_name: table,
  schema: 'examples',
  columns,
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
});
const cars = dataset('cars', [
  column('Name', 'varchar'), column('Miles_per_Gallon', 'double'), column('Cylinders', 'bigint'), column('Displacement', 'double'),
  column('Horsepower', 'bigint'), column('Weight_in_lbs', 'bigint'), column('Acceleration', 'double'), column('Year', 'date', { is_dttm: true }), column('Origin', 'varchar'),
]);
const weather = dataset('seattle_weather', [
  column('date', 'date', { is_dttm: true }), column('precipitation', 'double'), column('temp_max', 'double'), column('temp_min', 'double'), column('wind', 'double'), column('weather', 'varchar'),
]);

describe('Athena chart SQL parses on the Trino grammar', () => {
  it.each(Object.keys(golden))('%s', async (name) => {
    const request = ChartDataQueryContextSchema.parse(golden[name].request);
    const query = request.queries[0];
    const uses = JSON.stringify(query);
    const compiled = await compileQuery({ dataset: /temp_|precipitation|"date"/.test(uses) ? weather : cars, query, resultType: request.result_type });
    expect(parser.validate(compiled.sql)).toEqual([]);
  });

  it('every grain, the pattern operators and OFFSET before LIMIT', async () => {
    for (const grain of TIME_GRAINS) {
      const query: QueryObject = {
        columns: [{ sqlExpression: 'date', label: 'date', columnType: 'BASE_AXIS', timeGrain: grain }],
        metrics: ['count'],
        filters: [
          { col: 'weather', op: 'ILIKE', val: 'R%' },
          { col: 'weather', op: 'REGEX', val: '^s' },
          { col: 'date', op: 'TEMPORAL_RANGE', val: '2014-01-01 : 2015-01-01' },
        ],
        row_limit: 10,
        row_offset: 5,
      };
      const compiled = await compileQuery({ dataset: weather, query });
      expect(parser.validate(compiled.sql), compiled.sql).toEqual([]);
      expect(compiled.sql).toMatch(/OFFSET 5 LIMIT 10$/);
      expect(compiled.sql).toContain(`LOWER(weather) LIKE LOWER('R%')`);
    }
  });
});
