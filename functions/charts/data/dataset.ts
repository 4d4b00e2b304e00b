// A stored dataset as the compiler sees it (CompilerDataset), and its cache version.
import type { DatabaseRecord } from '../../databases/repository';
import type { DatasetRecord } from '../../datasets/repository';
import type { CompilerDataset } from '../query/types';

export function compilerDataset(dataset: DatasetRecord, db: DatabaseRecord): CompilerDataset {
  return {
    id: dataset.id,
    engine: db.backend,
    table_name: dataset.table_name,
    schema: dataset.schema,
    catalog: dataset.catalog,
    sql: dataset.sql,
    columns: dataset.columns.filter((c) => c.is_active !== false),
    metrics: dataset.metrics,
    main_dttm_col: dataset.main_dttm_col,
    allow_adhoc_subquery: false,
  };
}

/** Cache timeouts of the dataset and database, when the records carry one. */
export const datasetTimeout = (dataset: DatasetRecord) => (dataset as { cache_timeout?: number | null }).cache_timeout ?? null;
export const databaseTimeout = (db: DatabaseRecord) => db.cache_timeout ?? null;
