// The dataset behind a chart, and whether the user may read its data (Superset's raise_for_access on a
// datasource): all-datasource or all-database access, database_access, schema_access or
// datasource_access grants of the user's roles, or ownership (shared/security/permissions.ts).
import { SupersetError } from '../../shared/errors';
import { canAccessDatasource } from '../../shared/security/permissions';
import { KEYS } from '../../shared/resources/keys';
import { databaseFromItem, findDatabase, type DatabaseRecord } from '../databases/repository';
import { datasetFromItem, findDataset, type DatasetRecord } from '../datasets/repository';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { batchGetItems } from '../ports/tables';
import { filtersOfSetItem, RLS_SET_KEY, type RlsRecord } from '../rls/repository';
import { cachedRlsFilters, rememberRlsFilters } from '../rls/setCache';

export interface Datasource {
  dataset: DatasetRecord;
  db: DatabaseRecord;
  /**
   * Every row level security filter, when asked for (`withRlsFilters`): read in the same batch as the
   * dataset, or as this container read it less than RLS_CACHE_MS ago (rls/setCache.ts). Null when the
   * filters have no set item yet (rls/repository.ts creates it on first read).
   */
  rlsFilters?: RlsRecord[] | null;
}

export interface LoadOptions {
  /** Read every row level security filter in the same batch (a data request needs them). */
  withRlsFilters?: boolean;
}

/** Datasource types whose data this product can read (datasets; Superset's 'table'). */
const DATASET_TYPES = new Set(['table', 'dataset']);
export const isDatasetType = (type: string) => DATASET_TYPES.has(type);

export async function canReadDatasource(ports: Ports, user: Identity, dataset: DatasetRecord, known?: DatabaseRecord): Promise<DatabaseRecord | null> {
  const db = known ?? (await findDatabase(ports, dataset.database_id));
  if (!db) return null;
  return canAccessDatasource(user, db, dataset) ? db : null;
}

// Which database each dataset was on when this container last read it: only a guess, which lets a
// data request read the dataset, its database (and the row level security filters) in one
// BatchGetItem instead of two reads in a row.
// Both items are always read fresh (a permission or connection change applies at once); a wrong guess
// (the dataset moved) costs one more read, of the database the dataset now names.
const databaseOfDataset = new Map<number, number>();
const GUESSES_KEPT = 10_000;

interface Read {
  dataset: DatasetRecord | null;
  db: DatabaseRecord | null;
  rlsFilters?: RlsRecord[] | null;
}

/** The dataset, the database `databaseId` when guessed, and the filters when asked: strongly consistent, in one batch read. */
async function readTogether(ports: Ports, id: number, databaseId: number | undefined, options: LoadOptions): Promise<Read> {
  const datasetKey = KEYS.dataset(id);
  const databaseKey = databaseId === undefined ? null : KEYS.database(databaseId);
  const cached = options.withRlsFilters ? cachedRlsFilters<RlsRecord>() : undefined;
  const readFilters = options.withRlsFilters && cached === undefined;
  const keys = [datasetKey, ...(databaseKey ? [databaseKey] : []), ...(readFilters ? [RLS_SET_KEY] : [])];
  const items = await batchGetItems(ports.tables, keys);
  const item = (key: { pk: string; sk: string }) => items.find((i) => i.pk === key.pk && i.sk === key.sk);
  const dbItem = databaseKey && item(databaseKey);
  let rlsFilters = cached;
  if (readFilters) {
    rlsFilters = filtersOfSetItem(item(RLS_SET_KEY));
    rememberRlsFilters(rlsFilters);
  }
  return {
    dataset: datasetFromItem(item(datasetKey)),
    db: dbItem ? databaseFromItem(dbItem) : null,
    ...(options.withRlsFilters ? { rlsFilters } : {}),
  };
}

/** The dataset if it exists (any user), else null. */
export async function loadDatasource(ports: Ports, id: number, type: string, options: LoadOptions = {}): Promise<Datasource | null> {
  if (!isDatasetType(type) || !Number.isSafeInteger(id) || id <= 0) return null;
  const guess = databaseOfDataset.get(id);
  const read: Read =
    guess === undefined && !options.withRlsFilters ? { dataset: await findDataset(ports, id), db: null } : await readTogether(ports, id, guess, options);
  const dataset = read.dataset;
  if (!dataset) return null;
  if (databaseOfDataset.size >= GUESSES_KEPT) databaseOfDataset.clear();
  databaseOfDataset.set(id, dataset.database_id);
  const db = read.db?.id === dataset.database_id ? read.db : await findDatabase(ports, dataset.database_id);
  if (!db) return null;
  return 'rlsFilters' in read ? { dataset, db, rlsFilters: read.rlsFilters } : { dataset, db };
}

/**
 * The datasource a data request names, checked for the user: an unknown type is
 * UNKNOWN_DATASOURCE_TYPE_ERROR, a missing one 404, one the user may not read
 * DATASOURCE_SECURITY_ACCESS_ERROR (403), as Superset's chart data API answers.
 */
export async function datasourceForData(ports: Ports, user: Identity, id: number, type: string, options: LoadOptions = {}): Promise<Datasource> {
  if (!isDatasetType(type)) {
    throw new SupersetError('UNKNOWN_DATASOURCE_TYPE_ERROR', `Datasource type ${type} is not supported`, { status: 400 });
  }
  const found = await loadDatasource(ports, id, type, options);
  if (!found) throw new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', 'The dataset does not exist', { status: 404 });
  if (!(await canReadDatasource(ports, user, found.dataset, found.db))) {
    const name = found.dataset.schema ? `${found.dataset.schema}.${found.dataset.table_name}` : found.dataset.table_name;
    throw new SupersetError('DATASOURCE_SECURITY_ACCESS_ERROR', `You don't have access to this datasource: ${name}`, {
      status: 403,
      extra: { link: null, datasource: found.dataset.id },
    });
  }
  return found;
}
