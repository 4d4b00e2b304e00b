// Charts: /api/v1/chart/ CRUD, favorites and related lookups (one Lambda).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { addChartFavorite, chartFavoriteStatus, chartRelatedUsers, listCharts, removeChartFavorite } from '../charts/list';
import { bulkDeleteCharts, createChart, deleteChart, getChart, updateChart } from '../charts/service';

export const handler = httpModule({
  'chart.list': (req) => listCharts(getPorts(), req.user, req.q),
  'chart.create': (req) => createChart(getPorts(), req.user, req.body),
  'chart.bulkDelete': (req) => bulkDeleteCharts(getPorts(), req.user, req.q),
  'chart.favoriteStatus': (req) => chartFavoriteStatus(getPorts(), req.user, req.q),
  'chart.related': (req) => chartRelatedUsers(getPorts(), req.user, req.params.column, req.q),
  'chart.get': (req) => getChart(getPorts(), req.user, req.params.pk, req.q),
  'chart.update': (req) => updateChart(getPorts(), req.user, req.params.pk, req.body),
  'chart.delete': (req) => deleteChart(getPorts(), req.user, req.params.pk),
  'chart.addFavorite': (req) => addChartFavorite(getPorts(), req.user, req.params.pk),
  'chart.removeFavorite': (req) => removeChartFavorite(getPorts(), req.user, req.params.pk),
});
