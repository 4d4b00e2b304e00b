// Dashboards: /api/v1/dashboard/ CRUD, page content, copy, favorites, permalinks, colors (one Lambda).
import { httpModule } from '../http/httpModule';
import { requestOrigin } from '../http/origin';
import { getPorts } from '../ports/index';
import { bulkDeleteDashboards, createDashboard, deleteDashboard, getDashboard, updateDashboard } from '../dashboards/service';
import { dashboardCharts, dashboardDatasets } from '../dashboards/content';
import { listDashboards, dashboardRelated } from '../dashboards/list';
import {
  addDashboardFavorite,
  copyDashboard,
  createDashboardPermalink,
  dashboardFavoriteStatus,
  getDashboardPermalink,
  removeDashboardFavorite,
  updateDashboardColors,
} from '../dashboards/sharing';
import { createFilterState, deleteFilterState, getFilterState, updateFilterState } from '../dashboards/filterState';

export const handler = httpModule({
  'dashboard.list': (req) => listDashboards(getPorts(), req.user, req.q),
  'dashboard.create': (req) => createDashboard(getPorts(), req.user, req.body),
  'dashboard.bulkDelete': (req) => bulkDeleteDashboards(getPorts(), req.user, req.q),
  'dashboard.favoriteStatus': (req) => dashboardFavoriteStatus(getPorts(), req.user, req.q),
  'dashboard.related': (req) => dashboardRelated(getPorts(), req.user, req.params.column, req.q),
  'dashboard.permalinkGet': (req) => getDashboardPermalink(getPorts(), req.user, req.params.key),
  'dashboard.get': (req) => getDashboard(getPorts(), req.user, req.params.pk),
  'dashboard.update': (req) => updateDashboard(getPorts(), req.user, req.params.pk, req.body),
  'dashboard.delete': (req) => deleteDashboard(getPorts(), req.user, req.params.pk),
  'dashboard.charts': (req) => dashboardCharts(getPorts(), req.user, req.params.pk),
  'dashboard.datasets': (req) => dashboardDatasets(getPorts(), req.user, req.params.pk),
  'dashboard.copy': (req) => copyDashboard(getPorts(), req.user, req.params.pk, req.body),
  'dashboard.addFavorite': (req) => addDashboardFavorite(getPorts(), req.user, req.params.pk),
  'dashboard.removeFavorite': (req) => removeDashboardFavorite(getPorts(), req.user, req.params.pk),
  'dashboard.filterStateCreate': (req) => createFilterState(getPorts(), req.user, req.params.pk, req.body, req.query.tab_id),
  'dashboard.filterStateUpdate': (req) => updateFilterState(getPorts(), req.user, req.params.pk, req.params.key, req.body, req.query.tab_id),
  'dashboard.filterStateGet': (req) => getFilterState(getPorts(), req.user, req.params.pk, req.params.key),
  'dashboard.filterStateDelete': (req) => deleteFilterState(getPorts(), req.user, req.params.pk, req.params.key),
  'dashboard.permalinkCreate': (req) => createDashboardPermalink(getPorts(), req.user, req.params.pk, req.body, requestOrigin(req.headers)),
  'dashboard.colors': (req) => updateDashboardColors(getPorts(), req.user, req.params.pk, req.body),
});
