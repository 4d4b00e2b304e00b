// Catalogue reads through Athena's metadata API (Glue-backed data catalogs), paged to the end.
import {
  GetTableMetadataCommand,
  ListDataCatalogsCommand,
  ListDatabasesCommand,
  ListTableMetadataCommand,
  type AthenaClient,
  type Column,
} from '@aws-sdk/client-athena';
import { genericFromTypeName, resultColumn } from '../columns';
import type { TableInfo, TableMetadata } from '../types';
import { athenaDialect } from './dialect';

export async function listCatalogs(client: AthenaClient): Promise<string[]> {
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListDataCatalogsCommand({ NextToken: token, MaxResults: 50 }));
    for (const catalog of page.DataCatalogsSummary ?? []) if (catalog.CatalogName) names.push(catalog.CatalogName);
    token = page.NextToken;
  } while (token);
  return names;
}

export async function listSchemas(client: AthenaClient, catalog: string): Promise<string[]> {
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListDatabasesCommand({ CatalogName: catalog, NextToken: token, MaxResults: 50 }));
    for (const database of page.DatabaseList ?? []) if (database.Name) names.push(database.Name);
    token = page.NextToken;
  } while (token);
  return names.sort();
}

export async function listTables(client: AthenaClient, catalog: string, schema: string): Promise<TableInfo[]> {
  const tables: TableInfo[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListTableMetadataCommand({ CatalogName: catalog, DatabaseName: schema, NextToken: token, MaxResults: 50 }));
    for (const table of page.TableMetadataList ?? []) {
      if (table.Name) tables.push({ value: table.Name, type: table.TableType === 'VIRTUAL_VIEW' ? 'view' : 'table', extra: null });
    }
    token = page.NextToken;
  } while (token);
  return tables.sort((a, b) => a.value.localeCompare(b.value));
}

const toColumn = (column: Column) => {
  const type = (column.Type ?? 'string').toUpperCase();
  return { ...resultColumn(column.Name ?? '', type, genericFromTypeName(type)), longType: type, nullable: true, default: null, comment: column.Comment ?? null, keys: [] };
};

export async function describeTable(client: AthenaClient, catalog: string, table: { name: string; schema: string }): Promise<TableMetadata> {
  const { TableMetadata: found } = await client.send(
    new GetTableMetadataCommand({ CatalogName: catalog, DatabaseName: table.schema, TableName: table.name }),
  );
  const columns = [...(found?.Columns ?? []), ...(found?.PartitionKeys ?? [])].map(toColumn);
  const partitions = (found?.PartitionKeys ?? []).map((column) => column.Name ?? '');
  return {
    name: table.name,
    schema: table.schema,
    catalog,
    columns,
    // Athena has no keys or indexes; partition columns are what narrows a scan, shown as Superset does for Presto.
    primaryKey: null,
    foreignKeys: [],
    indexes: partitions.length > 0 ? [{ name: 'partition', column_names: partitions, unique: false, type: 'index' }] : [],
    selectStar: athenaDialect.selectStar(table, columns.map((column) => column.name), 100),
    comment: found?.Parameters?.comment ?? null,
  };
}
