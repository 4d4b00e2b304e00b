// Export: the asked-for objects and everything they need (a dashboard's charts, a chart's dataset, a
// dataset's database, a database's datasets), as Superset's Export*Command classes write them. A
// selection made for a user holds only what that user may read: a dashboard's charts and filter
// datasets the user may not read are left out (Admin exports hold everything).
import { findChart, listChartRecords, type ChartRecord } from '../charts/repository';
import { findDashboard, listDashboardRecords, type DashboardRecord } from '../dashboards/repository';
import { findDatabase, listDatabases, type DatabaseRecord } from '../databases/repository';
import { findDataset, listDatasetsOfDatabase, type DatasetRecord } from '../datasets/repository';
import { findSavedQuery, listSavedQueryRecords, type SavedQueryRecord } from '../savedQueries/repository';
import type { Ports } from '../ports/index';
import { EXPORT_VERSION, zipAnswer } from './bundle';
import { chartFile, chartYaml } from './charts';
import { dashboardFile, dashboardYaml, metadataOf, positionOf } from './dashboards';
import { chartNodes, filterDatasetIds, targetsToUuids, withChartUuids } from './dashboardRefs';
import { databaseFile, databaseYaml } from './databases';
import { datasetFile, datasetYaml } from './datasets';
import { bundleStamp } from './names';
import { savedQueryFile, savedQueryYaml } from './savedQueries';

export type AssetKind = 'database' | 'dataset' | 'chart' | 'dashboard' | 'saved_query';

/** metadata.yaml's `type` per kind: Superset's model class names. */
export const METADATA_TYPE: Record<AssetKind | 'assets', string> = {
  database: 'Database',
  dataset: 'SqlaTable',
  chart: 'Slice',
  dashboard: 'Dashboard',
  saved_query: 'SavedQuery',
  assets: 'assets',
};

/** The objects of one export, gathered with their dependencies. */
export class Selection {
  readonly databases = new Map<number, DatabaseRecord>();
  readonly datasets = new Map<number, DatasetRecord>();
  readonly charts = new Map<number, ChartRecord>();
  readonly dashboards = new Map<number, DashboardRecord>();
  readonly savedQueries = new Map<number, SavedQueryRecord>();

  /** `reads`: whether the exporting user may read a chart or dataset (absent: everything, for admins). */
  constructor(
    private readonly ports: Ports,
    private readonly reads?: { chart(c: ChartRecord): Promise<boolean>; dataset(d: DatasetRecord): Promise<boolean> },
  ) {}

  async addDatabase(db: DatabaseRecord, withDatasets = false) {
    this.databases.set(db.id, db);
    if (withDatasets) for (const d of await listDatasetsOfDatabase(this.ports, db.id)) this.datasets.set(d.id, d);
  }

  async addDataset(d: DatasetRecord) {
    this.datasets.set(d.id, d);
    if (!this.databases.has(d.database_id)) {
      const db = await findDatabase(this.ports, d.database_id);
      if (db) await this.addDatabase(db);
    }
  }

  async addChart(c: ChartRecord) {
    this.charts.set(c.id, c);
    if (c.datasource_type !== 'table' || this.datasets.has(c.datasource_id)) return;
    const d = await findDataset(this.ports, c.datasource_id);
    if (d) await this.addDataset(d);
  }

  async addDashboard(d: DashboardRecord) {
    this.dashboards.set(d.id, d);
    const inLayout = chartNodes(positionOf(d)).map(([, n]) => n.meta?.chartId).filter((id): id is number => typeof id === 'number');
    for (const id of new Set([...d.slice_ids, ...inLayout])) {
      const c = this.charts.get(id) ?? (await findChart(this.ports, id));
      if (c && (!this.reads || (await this.reads.chart(c)))) await this.addChart(c);
    }
    for (const id of filterDatasetIds(metadataOf(d))) {
      const ds = this.datasets.get(id) ?? (await findDataset(this.ports, id));
      if (ds && (!this.reads || (await this.reads.dataset(ds)))) await this.addDataset(ds);
    }
  }

  async addSavedQuery(q: SavedQueryRecord) {
    this.savedQueries.set(q.id, q);
    if (!this.databases.has(q.db_id)) {
      const db = await findDatabase(this.ports, q.db_id);
      if (db) await this.addDatabase(db);
    }
  }

  /** Every object of the deployment (Superset's assets export). */
  async addEverything() {
    for (const db of await listDatabases(this.ports)) await this.addDatabase(db, true);
    for (const c of await listChartRecords(this.ports)) await this.addChart(c);
    for (const d of await listDashboardRecords(this.ports)) await this.addDashboard(d);
    for (const q of await listSavedQueryRecords(this.ports, null)) await this.addSavedQuery(q);
  }

  /** The bundle's YAML files by path. */
  files(): Map<string, unknown> {
    const files = new Map<string, unknown>();
    for (const db of this.databases.values()) files.set(databaseFile(db), databaseYaml(db));
    for (const d of this.datasets.values()) {
      const db = this.databases.get(d.database_id);
      if (db) files.set(datasetFile(d, db), datasetYaml(d, db));
    }
    for (const c of this.charts.values()) {
      const d = this.datasets.get(c.datasource_id);
      if (d) files.set(chartFile(c), chartYaml(c, d));
    }
    for (const d of this.dashboards.values()) {
      const position = withChartUuids(positionOf(d), (id) => this.charts.get(id)?.uuid);
      const metadata = targetsToUuids(metadataOf(d), (id) => this.datasets.get(id)?.uuid);
      files.set(dashboardFile(d), dashboardYaml(d, position, metadata));
    }
    for (const q of this.savedQueries.values()) {
      const db = this.databases.get(q.db_id);
      if (db) files.set(savedQueryFile(q, db), savedQueryYaml(q, db));
    }
    return files;
  }
}

/** The zip answer of a selection. */
export function bundleAnswer(ports: Ports, kind: AssetKind | 'assets', selection: Selection) {
  const now = ports.clock.now();
  const root = `${kind}_export_${bundleStamp(now)}`;
  const files = new Map<string, unknown>([['metadata.yaml', { version: EXPORT_VERSION, type: METADATA_TYPE[kind], timestamp: new Date(now).toISOString() }]]);
  for (const [path, content] of selection.files()) files.set(path, content);
  return zipAnswer(root, files);
}

