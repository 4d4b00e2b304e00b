// The examples database from vega-datasets: a full cold build (a few seconds), reuse, and the result
// opened through the sandboxed engine like the app does.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildExamples, planSources, tableNameOf, vegaDataDir } from '../../../../../functions/engines/duckdb/examples';
import { openEngine } from '../../../../../functions/engines/registry';

const dir = mkdtempSync(join(tmpdir(), 'examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('examples database', () => {
  it('names tables after files', () => {
    expect(tableNameOf('flights-3m.parquet')).toBe('flights_3m');
    expect(tableNameOf('seattle-weather.csv')).toBe('seattle_weather');
    expect(tableNameOf('londonCentroids.json')).toBe('londoncentroids');
  });

  it('plans every tabular file and skips images, maps and trees', () => {
    const plan = planSources(vegaDataDir());
    const tables = plan.flatMap((source) => ('table' in source ? [source.table] : []));
    expect(tables).toEqual(expect.arrayContaining(['cars', 'flights_3m', 'seattle_weather', 'penguins', 'flights_200k', 'unemployment']));
    const skipped = plan.flatMap((source) => ('skip' in source ? [source.file] : []));
    expect(skipped).toEqual(expect.arrayContaining(['7zip.png', 'us-10m.json', 'miserables.json', 'flights-200k.arrow']));
    expect(new Set(tables).size).toBe(tables.length);
  });

  it('builds a subset on request', async () => {
    const path = join(dir, 'subset.duckdb');
    const report = await buildExamples(path, { only: ['cars', 'stocks'] });
    expect(report.tables.map((t) => t.table).sort()).toEqual(['cars', 'stocks']);
  });

  it('builds every table cold, fast, atomically, then reuses the file', async () => {
    const path = join(dir, 'examples.duckdb');
    const lines: string[] = [];
    const report = await buildExamples(path, { log: (line) => lines.push(line) });
    expect(report.reused).toBe(false);
    expect(report.ms).toBeLessThan(60_000);
    const cars = JSON.parse(readFileSync(join(vegaDataDir(), 'cars.json'), 'utf8')) as unknown[];
    const rows = Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));
    expect(rows.cars).toBe(cars.length);
    expect(rows.flights_3m).toBe(3_000_000);
    expect(lines.at(-1)).toMatch(/built \d+ tables/);
    // No temporary build file is left beside the database.
    expect(readdirSync(dir).filter((name) => name.includes('.building-'))).toEqual([]);

    const again = await buildExamples(path);
    expect(again.reused).toBe(true);

    const engine = await openEngine({ id: 1, database_name: 'examples', backend: 'duckdb', sqlalchemy_uri: `duckdb:///${path}` });
    try {
      const result = await engine.run({ sql: 'SELECT count(*) AS n FROM flights_3m', limit: 10, timeoutMs: 10_000 });
      expect(result.rows).toEqual([{ n: 3_000_000 }]);
      const weather = await engine.tableMetadata({ name: 'seattle_weather', schema: 'main' });
      expect(weather.columns.find((c) => c.name === 'date')).toMatchObject({ type: 'DATE', is_dttm: true });
      // movies' Title mixes strings and numbers in the source: it is text, without JSON quotes.
      const movies = JSON.parse(readFileSync(join(vegaDataDir(), 'movies.json'), 'utf8')) as { Title: unknown }[];
      const titles = await engine.run({ sql: 'SELECT Title FROM movies LIMIT 3', limit: 3, timeoutMs: 10_000 });
      expect(titles.columns[0].type).toBe('VARCHAR');
      expect(titles.rows.map((r) => r.Title)).toEqual(movies.slice(0, 3).map((m) => String(m.Title)));
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('leaves no database behind when a build fails', async () => {
    const path = join(dir, 'missing-folder', 'examples.duckdb');
    await expect(buildExamples(path, { only: ['cars'] })).rejects.toThrow();
    expect(existsSync(path)).toBe(false);
  });
});
