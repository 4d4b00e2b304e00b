import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSqlLabHarness, ADMIN, type SqlLabHarness } from './support';
import { estimateQueryCost } from '../../../../functions/sqllab/estimate';
import { formatInDialect, formatSql } from '../../../../functions/sqllab/format';
import { closeAllEngines } from '../../../../functions/databases/engines';

describe('estimate and format', () => {
  let h: SqlLabHarness;
  beforeAll(async () => {
    h = await startSqlLabHarness();
  });
  afterAll(async () => {
    await closeAllEngines();
    await h.stop();
  });

  it('estimates DuckDB cost per statement after rendering templates', async () => {
    const out = await estimateQueryCost(h.ports, ADMIN, { database_id: h.db.id, sql: 'SELECT * FROM range({{ n }})', template_params: '{"n": 10}' });
    expect(out.result.length).toBeGreaterThan(0);
    expect(Object.keys(out.result[0]).length).toBeGreaterThan(0);
  });

  it('answers Athena with a clear unsupported error', async () => {
    const athena = await h.addDatabase({ sqlalchemy_uri: 'awsathena://athena.us-east-1.amazonaws.com/default?s3_staging_dir=s3%3A%2F%2Fbucket%2Fpath&work_group=primary' });
    const db = { ...athena, backend: 'awsathena' as const };
    await h.ports.tables.doc.send(
      new (await import('@aws-sdk/lib-dynamodb')).UpdateCommand({
        TableName: 'main',
        Key: { pk: `DATABASE#${db.id}`, sk: 'DATABASE' },
        UpdateExpression: 'SET #d.backend = :b',
        ExpressionAttributeNames: { '#d': 'database' },
        ExpressionAttributeValues: { ':b': 'awsathena' },
      }),
    );
    await expect(estimateQueryCost(h.ports, ADMIN, { database_id: db.id, sql: 'SELECT 1' })).rejects.toMatchObject({
      status: 400,
      errorType: 'GENERIC_DB_ENGINE_ERROR',
      message: 'Cost estimation is not supported for Amazon Athena',
    });
  });

  it('formats in each dialect and keeps template tags whole', async () => {
    expect(formatInDialect("select a from t where d = {{ day }} and {% if x %}1{% endif %}", 'postgresql')).toBe(
      'SELECT\n  a\nFROM\n  t\nWHERE\n  d = {{ day }}\n  AND {% if x %} 1 {% endif %}',
    );
    expect((await formatSql(h.ports, ADMIN, { sql: 'select 1 as x', database_id: h.db.id })).result).toBe('SELECT\n  1 AS x');
    expect((await formatSql(h.ports, ADMIN, { sql: 'select 1', engine: 'awsathena' })).result).toBe('SELECT\n  1');
  });
});
