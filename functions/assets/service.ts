// The export and import operations, with who may run them: exports of charts, dashboards, datasets
// and saved queries need read access to the objects asked for (their dependencies come along, as in
// Superset, less the charts and datasets the caller may not read: a dataset it may not read is a 404); database and whole-deployment exports, and every import (it can create connections),
// are for admins.
import { notFound } from '../../shared/errors';
import type { ImportBody } from '../../shared/routes/assets';
import { canSeeChart, readableChart } from '../charts/service';
import { readable, visible } from '../datasets/access';
import { readableDashboard } from '../dashboards/access';
import { findDatabase } from '../databases/repository';
import { findDataset } from '../datasets/repository';
import { requireAdmin, requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { findSavedQuery } from '../savedQueries/repository';
import { readsAllSavedQueries } from '../savedQueries/listResource';
import { bundleAnswer, Selection, type AssetKind } from './exportBundle';
import { importBundle } from './importBundle';

async function select(ports: Ports, user: Identity, kind: AssetKind, ids: number[], selection: Selection) {
  for (const id of new Set(ids)) {
    if (kind === 'database') {
      const db = await findDatabase(ports, id);
      if (!db) throw notFound();
      await selection.addDatabase(db, true);
    } else if (kind === 'dataset') {
      await selection.addDataset((await readable(ports, user, await findDataset(ports, id))).dataset);
    } else if (kind === 'chart') await selection.addChart(await readableChart(ports, user, id));
    else if (kind === 'dashboard') await selection.addDashboard(await readableDashboard(ports, user, id));
    else {
      const q = await findSavedQuery(ports, id);
      if (!q || (q.user_id !== user.userId && !readsAllSavedQueries(user))) throw notFound();
      await selection.addSavedQuery(q);
    }
  }
}

const VIEWS: Record<AssetKind, string> = { database: 'Database', dataset: 'Dataset', chart: 'Chart', dashboard: 'Dashboard', saved_query: 'SavedQuery' };

/** GET /api/v1/<kind>/export/?q=!(ids) */
export async function exportAssets(ports: Ports, user: Identity, kind: AssetKind, ids: number[]) {
  if (kind === 'database') requireAdmin(user);
  else requirePermission(user, 'can_read', VIEWS[kind]);
  const selection = new Selection(ports, {
    chart: (c) => canSeeChart(ports, user, c),
    dataset: async (d) => (await visible(ports, user, d)) !== null,
  });
  await select(ports, user, kind, ids, selection);
  return bundleAnswer(ports, kind, selection);
}

/** GET /api/v1/assets/export/ */
export async function exportEverything(ports: Ports, user: Identity) {
  requireAdmin(user);
  const selection = new Selection(ports);
  await selection.addEverything();
  return bundleAnswer(ports, 'assets', selection);
}

/** POST /api/v1/<kind>/import/ and /api/v1/assets/import/ */
export async function importAssets(ports: Ports, user: Identity, kind: AssetKind | 'assets', body: ImportBody) {
  requireAdmin(user);
  return importBundle(ports, user, kind, body);
}
