// Import: every file is read and checked before anything is written (a bad file is a 400 naming it
// and the field); then databases, datasets, charts, dashboards and saved queries are written in that
// order, each later file finding what it refers to by uuid. Objects of the imported kind that exist
// are refused (422) unless `overwrite` is "true"; dependencies that exist are used as they are. The
// assets import overwrites everything, as Superset's ImportAssetsCommand does.
import { unprocessable } from '../../shared/errors';
import type { ImportBody } from '../../shared/routes/assets';
import { listChartRecords } from '../charts/repository';
import { listDashboardRecords } from '../dashboards/repository';
import { listDatabases } from '../databases/repository';
import { findDatasetByUuid } from '../datasets/repository';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { listSavedQueryRecords } from '../savedQueries/repository';
import { badRequest } from '../../shared/errors';
import { fileError, readBundle } from './bundle';
import { importChart } from './charts';
import type { ImportContext } from './context';
import { importDashboard } from './dashboards';
import { importDatabase } from './databases';
import { importDataset } from './datasets';
import { METADATA_TYPE, type AssetKind } from './exportBundle';
import { importSavedQuery } from './savedQueries';
import {
  ChartFileSchema,
  DashboardFileSchema,
  DatabaseFileSchema,
  DatasetFileSchema,
  MetadataSchema,
  parseFile,
  SavedQueryFileSchema,
  type ChartFile,
  type DashboardFile,
  type DatabaseFile,
  type DatasetFile,
  type SavedQueryFile,
} from './schemas';

interface Parsed {
  databases: [string, DatabaseFile][];
  datasets: [string, DatasetFile][];
  charts: [string, ChartFile][];
  dashboards: [string, DashboardFile][];
  queries: [string, SavedQueryFile][];
}

/** Which folder holds the imported kind's files, and the name Superset's messages give it. */
const MAIN: Record<AssetKind, { folder: keyof Parsed; label: string }> = {
  database: { folder: 'databases', label: 'Database' },
  dataset: { folder: 'datasets', label: 'Dataset' },
  chart: { folder: 'charts', label: 'Chart' },
  dashboard: { folder: 'dashboards', label: 'Dashboard' },
  saved_query: { folder: 'queries', label: 'Saved query' },
};

function parseAll(files: Map<string, unknown>): Parsed {
  const out: Parsed = { databases: [], datasets: [], charts: [], dashboards: [], queries: [] };
  for (const [path, content] of files) {
    const folder = path.split('/')[0];
    if (folder === 'databases') out.databases.push([path, parseFile(DatabaseFileSchema, path, content)]);
    else if (folder === 'datasets') out.datasets.push([path, parseFile(DatasetFileSchema, path, content)]);
    else if (folder === 'charts') out.charts.push([path, parseFile(ChartFileSchema, path, content)]);
    else if (folder === 'dashboards') out.dashboards.push([path, parseFile(DashboardFileSchema, path, content)]);
    else if (folder === 'queries') out.queries.push([path, parseFile(SavedQueryFileSchema, path, content)]);
  }
  return out;
}

function parsePasswords(text: string | undefined): Record<string, string> {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('passwords is not valid JSON', { passwords: ['Not a valid JSON object'] });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((v) => typeof v !== 'string')) {
    throw badRequest('passwords must map file names to passwords', { passwords: ['Must be an object of strings'] });
  }
  return value as Record<string, string>;
}

/** Whether each file of the imported kind is here already: same uuid, or the same unique name. */
async function hereAlready(ports: Ports, kind: AssetKind, parsed: Parsed): Promise<string[]> {
  if (kind === 'database') {
    const all = await listDatabases(ports);
    return parsed.databases.filter(([, f]) => all.some((d) => d.uuid === f.uuid || d.database_name === f.database_name)).map(([p]) => p);
  }
  if (kind === 'dashboard') {
    const all = await listDashboardRecords(ports);
    return parsed.dashboards.filter(([, f]) => all.some((d) => d.uuid === f.uuid || (!!f.slug && d.slug === f.slug))).map(([p]) => p);
  }
  if (kind === 'chart') {
    const uuids = new Set((await listChartRecords(ports)).map((c) => c.uuid));
    return parsed.charts.filter(([, f]) => uuids.has(f.uuid)).map(([p]) => p);
  }
  if (kind === 'saved_query') {
    const uuids = new Set((await listSavedQueryRecords(ports, null)).map((q) => q.uuid));
    return parsed.queries.filter(([, f]) => uuids.has(f.uuid)).map(([p]) => p);
  }
  const found = await Promise.all(parsed.datasets.map(async ([p, f]) => ((await findDatasetByUuid(ports, f.uuid)) ? p : null)));
  return found.filter((p): p is string => p !== null);
}

/** Superset's 422 when objects of the imported kind exist and overwrite was not asked for. */
async function refuseExisting(ports: Ports, kind: AssetKind, parsed: Parsed) {
  const { label } = MAIN[kind];
  const clashes = await hereAlready(ports, kind, parsed);
  if (!clashes.length) return;
  const message = `${label} already exists and \`overwrite=true\` was not passed`;
  throw unprocessable(`Error importing ${label.toLowerCase()}`, Object.fromEntries(clashes.map((p) => [p, message])));
}

export async function importBundle(ports: Ports, user: Identity, kind: AssetKind | 'assets', body: ImportBody): Promise<{ message: 'OK' }> {
  const files = readBundle(body.formData.bytes);
  const metadata = parseFile(MetadataSchema, 'metadata.yaml', files.get('metadata.yaml'));
  const expected = METADATA_TYPE[kind];
  if (metadata.type !== expected) throw fileError('metadata.yaml', 'type', `Must be equal to ${expected}.`);
  const parsed = parseAll(files);
  const overwriteAll = kind === 'assets';
  const overwrite = overwriteAll || body.overwrite === 'true';
  if (!overwriteAll && !overwrite) await refuseExisting(ports, kind, parsed);
  const isMain = (folder: keyof Parsed) => overwriteAll || MAIN[kind as AssetKind].folder === folder;
  const ctx: ImportContext = { ports, user, passwords: parsePasswords(body.passwords), databases: new Map(), datasets: new Map(), charts: new Map() };

  for (const [path, file] of parsed.databases) ctx.databases.set(file.uuid, await importDatabase(ctx, path, file, overwrite && isMain('databases')));
  // Datasets and saved queries may name a database that is here but not in the bundle.
  const local = await listDatabases(ports);
  for (const db of local) if (!ctx.databases.has(db.uuid)) ctx.databases.set(db.uuid, db);
  for (const [path, file] of parsed.datasets) ctx.datasets.set(file.uuid, await importDataset(ctx, path, file, overwrite && isMain('datasets')));
  for (const [path, file] of parsed.charts) ctx.charts.set(file.uuid, await importChart(ctx, path, file, overwrite && isMain('charts')));
  for (const [path, file] of parsed.dashboards) await importDashboard(ctx, path, file, overwrite && isMain('dashboards'));
  for (const [path, file] of parsed.queries) await importSavedQuery(ctx, path, file, overwrite && isMain('queries'));
  return { message: 'OK' };
}
