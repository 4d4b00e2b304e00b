// The Athena engine against a mocked Athena API (aws-sdk-client-mock): no Athena exists here, so the
// mock plays the service and the tests check what the engine asks for and how it reads answers.
import {
  AthenaClient,
  GetQueryExecutionCommand,
  GetQueryResultsCommand,
  GetTableMetadataCommand,
  ListDatabasesCommand,
  ListDataCatalogsCommand,
  ListTableMetadataCommand,
  StartQueryExecutionCommand,
  StopQueryExecutionCommand,
} from '@aws-sdk/client-athena';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../../shared/errors';
import { athenaSettingsOf } from '../../../../../functions/engines/athena/connect';
import { openEngine } from '../../../../../functions/engines/registry';
import type { Engine } from '../../../../../functions/engines/types';

const athena = mockClient(AthenaClient);
const URI = 'awsathena+rest://athena.eu-west-1.amazonaws.com:443/sales?s3_staging_dir=s3%3A%2F%2Fbucket%2Fresults%2F&work_group=analysts';
let engine: Engine;

beforeAll(async () => {
  // The first open loads the AWS SDK and the Trino grammar.
  engine = await openEngine({ id: 3, database_name: 'athena', backend: 'awsathena', sqlalchemy_uri: URI });
}, 60_000);
beforeEach(() => athena.reset());
afterAll(() => athena.restore());

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(SupersetError);
  return error as SupersetError;
};

const columns = [
  { Name: 'id', Label: 'id', Type: 'integer' },
  { Name: 'big', Label: 'big', Type: 'bigint' },
  { Name: 'name', Label: 'name', Type: 'varchar' },
  { Name: 'at', Label: 'at', Type: 'timestamp' },
  { Name: 'ok', Label: 'ok', Type: 'boolean' },
  { Name: 'price', Label: 'price', Type: 'decimal' },
];
const row = (...values: (string | undefined)[]) => ({ Data: values.map((value) => (value === undefined ? {} : { VarCharValue: value })) });
const header = row('id', 'big', 'name', 'at', 'ok', 'price');

describe('athena connection settings', () => {
  it('reads region, schema, staging dir, work group and catalog from the URI', () => {
    expect(athenaSettingsOf(URI)).toMatchObject({
      region: 'eu-west-1', schema: 'sales', outputLocation: 's3://bucket/results/', workGroup: 'analysts', catalog: 'AwsDataCatalog', credentials: null,
    });
    const withKeys = athenaSettingsOf('awsathena+rest://AKIA1:se%2Fcret@athena.us-east-1.amazonaws.com/default?work_group=primary&catalog_name=other');
    expect(withKeys).toMatchObject({ credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'se/cret' }, catalog: 'other' });
  });

  it('refuses a URI without a place for results', () => {
    expect(() => athenaSettingsOf('awsathena+rest://athena.us-east-1.amazonaws.com/default')).toThrow(/s3_staging_dir or work_group/);
  });
});

describe('athena run', () => {
  it('starts the query, polls until done and pages results up to the limit', async () => {
    athena.on(StartQueryExecutionCommand).resolves({ QueryExecutionId: 'q1' });
    athena
      .on(GetQueryExecutionCommand)
      .resolvesOnce({ QueryExecution: { Status: { State: 'RUNNING' } } })
      .resolves({ QueryExecution: { Status: { State: 'SUCCEEDED' }, StatementType: 'DML' } });
    athena
      .on(GetQueryResultsCommand)
      .resolvesOnce({
        ResultSet: { ResultSetMetadata: { ColumnInfo: columns }, Rows: [header, row('1', '9007199254740993', 'ada', '2024-01-02 03:04:05.000', 'true', '1.5')] },
        NextToken: 'page2',
      })
      .resolvesOnce({ ResultSet: { Rows: [row('2', '7', undefined, undefined, 'false', undefined), row('3', '8', 'c', undefined, 'true', '2')] }, NextToken: 'page3' });

    const result = await engine.run({ sql: 'SELECT * FROM orders', limit: 2, timeoutMs: 10_000 });
    expect(result.rows).toEqual([
      { id: 1, big: '9007199254740993', name: 'ada', at: '2024-01-02T03:04:05.000', ok: true, price: 1.5 },
      { id: 2, big: 7, name: null, at: null, ok: false, price: null },
    ]);
    expect(result.truncated).toBe(true);
    expect(result.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
      ['id', 'INTEGER', 0, false], ['big', 'BIGINT', 0, false], ['name', 'VARCHAR', 1, false],
      ['at', 'TIMESTAMP', 2, true], ['ok', 'BOOLEAN', 3, false], ['price', 'DECIMAL', 0, false],
    ]);
    const start = athena.commandCalls(StartQueryExecutionCommand)[0].args[0].input;
    expect(start).toEqual({
      QueryString: 'SELECT * FROM orders',
      QueryExecutionContext: { Database: 'sales', Catalog: 'AwsDataCatalog' },
      WorkGroup: 'analysts',
      ResultConfiguration: { OutputLocation: 's3://bucket/results/' },
    });
    // Paging stops once limit + 1 rows are in hand.
    expect(athena.commandCalls(GetQueryResultsCommand)).toHaveLength(2);
  });

  it('runs each statement of a script in turn and returns the last result', async () => {
    athena.on(StartQueryExecutionCommand).resolvesOnce({ QueryExecutionId: 'a' }).resolvesOnce({ QueryExecutionId: 'b' });
    athena.on(GetQueryExecutionCommand).resolves({ QueryExecution: { Status: { State: 'SUCCEEDED' } } });
    athena.on(GetQueryResultsCommand, { QueryExecutionId: 'b' }).resolves({
      ResultSet: { ResultSetMetadata: { ColumnInfo: [{ Name: 'n', Label: 'n', Type: 'bigint' }] }, Rows: [row('n'), row('4')] },
    });
    const result = await engine.run({ sql: 'CREATE TABLE t AS SELECT 1 AS n; SELECT count(*) AS n FROM t', limit: 10, timeoutMs: 10_000, schema: 'other' });
    expect(result.rows).toEqual([{ n: 4 }]);
    expect(athena.commandCalls(StartQueryExecutionCommand).map((call) => call.args[0].input.QueryString)).toEqual([
      'CREATE TABLE t AS SELECT 1 AS n',
      'SELECT count(*) AS n FROM t',
    ]);
    expect(athena.commandCalls(StartQueryExecutionCommand)[0].args[0].input.QueryExecutionContext?.Database).toBe('other');
  });

  it('stops the execution when the timeout passes', async () => {
    athena.on(StartQueryExecutionCommand).resolves({ QueryExecutionId: 'slow' });
    athena.on(GetQueryExecutionCommand).resolves({ QueryExecution: { Status: { State: 'RUNNING' } } });
    athena.on(StopQueryExecutionCommand).resolves({});
    const error = await failure(engine.run({ sql: 'SELECT 1', limit: 10, timeoutMs: 250 }));
    expect(error.errorType).toBe('SQLLAB_TIMEOUT_ERROR');
    expect(athena.commandCalls(StopQueryExecutionCommand)[0].args[0].input).toEqual({ QueryExecutionId: 'slow' });
  });

  it('stops the execution when the caller aborts', async () => {
    athena.on(StartQueryExecutionCommand).resolves({ QueryExecutionId: 'mine' });
    const controller = new AbortController();
    athena.on(GetQueryExecutionCommand).callsFake(() => {
      controller.abort();
      return { QueryExecution: { Status: { State: 'RUNNING' } } };
    });
    athena.on(StopQueryExecutionCommand).resolves({});
    const error = await failure(engine.run({ sql: 'SELECT 1', limit: 10, timeoutMs: 10_000, signal: controller.signal }));
    expect(error.extra?.cancelled).toBe(true);
    expect(athena.commandCalls(StopQueryExecutionCommand)).toHaveLength(1);
  });

  it.each([
    ["SYNTAX_ERROR: line 1:8: mismatched input 'FORM'. Expecting: <expression>", 'SYNTAX_ERROR', { line: 1, position: 8 }],
    ["TABLE_NOT_FOUND: line 1:15: Table 'awsdatacatalog.sales.nope' does not exist", 'TABLE_DOES_NOT_EXIST_ERROR', { table: 'awsdatacatalog.sales.nope' }],
    ["COLUMN_NOT_FOUND: line 1:8: Column 'x' cannot be resolved", 'COLUMN_DOES_NOT_EXIST_ERROR', { column: 'x' }],
    ["SCHEMA_NOT_FOUND: line 1:15: Schema 'nowhere' does not exist", 'SCHEMA_DOES_NOT_EXIST_ERROR', { schema: 'nowhere' }],
    ['GENERIC_INTERNAL_ERROR: something broke', 'GENERIC_DB_ENGINE_ERROR', {}],
  ])('classifies a failed query "%s"', async (reason, type, extra) => {
    athena.on(StartQueryExecutionCommand).resolves({ QueryExecutionId: 'bad' });
    athena.on(GetQueryExecutionCommand).resolves({ QueryExecution: { Status: { State: 'FAILED', StateChangeReason: reason } } });
    const error = await failure(engine.run({ sql: 'SELECT 1', limit: 10, timeoutMs: 10_000 }));
    expect(error.errorType).toBe(type);
    expect(error.extra).toMatchObject({ engine_name: 'Amazon Athena', query_execution_id: 'bad', ...extra });
  });

  it('classifies API errors', async () => {
    const denied = Object.assign(new Error('User is not authorized'), { name: 'AccessDeniedException' });
    athena.on(ListDatabasesCommand).rejects(denied);
    const error = await failure(engine.testConnection());
    expect(error.errorType).toBe('CONNECTION_DATABASE_PERMISSIONS_ERROR');
    const badKey = Object.assign(new Error('The security token included in the request is invalid.'), { name: 'UnrecognizedClientException' });
    athena.on(ListDatabasesCommand).rejects(badKey);
    expect((await failure(engine.testConnection())).errorType).toBe('CONNECTION_ACCESS_DENIED_ERROR');
  });

  it('refuses a script the Trino grammar cannot parse without calling Athena', async () => {
    const error = await failure(engine.run({ sql: 'SELEC 1', limit: 10, timeoutMs: 10_000 }));
    expect(error.errorType).toBe('SYNTAX_ERROR');
    expect(athena.commandCalls(StartQueryExecutionCommand)).toHaveLength(0);
  });

  it('does not support cost estimation', async () => {
    const error = await failure(engine.estimate('SELECT 1'));
    expect(error.errorType).toBe('GENERIC_DB_ENGINE_ERROR');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Cost estimation is not supported for Amazon Athena');
  });
});

describe('athena metadata', () => {
  it('pages catalogs, schemas and tables', async () => {
    athena.on(ListDataCatalogsCommand).resolves({ DataCatalogsSummary: [{ CatalogName: 'AwsDataCatalog' }, { CatalogName: 'lake' }] });
    athena
      .on(ListDatabasesCommand)
      .resolvesOnce({ DatabaseList: [{ Name: 'sales' }], NextToken: 't' })
      .resolvesOnce({ DatabaseList: [{ Name: 'default' }] });
    athena.on(ListTableMetadataCommand).resolves({
      TableMetadataList: [{ Name: 'orders', TableType: 'EXTERNAL_TABLE' }, { Name: 'big_orders', TableType: 'VIRTUAL_VIEW' }],
    });
    expect(await engine.catalogs()).toEqual(['AwsDataCatalog', 'lake']);
    expect(await engine.schemas()).toEqual(['default', 'sales']);
    expect(athena.commandCalls(ListDatabasesCommand)[1].args[0].input).toMatchObject({ CatalogName: 'AwsDataCatalog', NextToken: 't' });
    expect(await engine.tables('sales', 'lake')).toEqual([
      { value: 'big_orders', type: 'view', extra: null },
      { value: 'orders', type: 'table', extra: null },
    ]);
    expect(athena.commandCalls(ListTableMetadataCommand)[0].args[0].input).toMatchObject({ CatalogName: 'lake', DatabaseName: 'sales' });
  });

  it('describes a table with its partition columns', async () => {
    athena.on(GetTableMetadataCommand).resolves({
      TableMetadata: {
        Name: 'orders',
        Columns: [{ Name: 'id', Type: 'int' }, { Name: 'placed', Type: 'timestamp', Comment: 'when' }],
        PartitionKeys: [{ Name: 'dt', Type: 'date' }],
        Parameters: { comment: 'all orders' },
      },
    });
    const meta = await engine.tableMetadata({ name: 'orders', schema: 'sales' });
    expect(meta.columns.map((c) => [c.name, c.type, c.type_generic, c.comment])).toEqual([
      ['id', 'INT', 0, null], ['placed', 'TIMESTAMP', 2, 'when'], ['dt', 'DATE', 2, null],
    ]);
    expect(meta.indexes).toEqual([{ name: 'partition', column_names: ['dt'], unique: false, type: 'index' }]);
    expect(meta.primaryKey).toBeNull();
    expect(meta.comment).toBe('all orders');
    expect(meta.selectStar).toBe('SELECT\n  id,\n  placed,\n  dt\nFROM sales.orders\nLIMIT 100');
  });

  it('maps a missing table to TABLE_DOES_NOT_EXIST_ERROR', async () => {
    athena.on(GetTableMetadataCommand).rejects(Object.assign(new Error('Table nope not found'), { name: 'MetadataException' }));
    expect((await failure(engine.tableMetadata({ name: 'nope', schema: 'sales' }))).errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });
});
