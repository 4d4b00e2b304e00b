// "Drill to detail" from a dashboard chart's menu: the dataset's rows behind the chart, with the
// chart's filters and time range and the dashboard's filters on it (Superset's /datasource/samples
// call with the chart's filters), a page of 50 rows at a time; temporal columns read as dates.
import { useEffect, useState } from 'react';
import { getPlugin } from '../../../../../shared/viz/registry';
import { api } from '../../../api/client';
import { Modal } from '../../../app/Modal';
import { ResultsTable } from '../../charts/render/ResultsTable';
import { chartFormData } from '../actions/chartActions';
import { dashboardStore } from '../state/dashboardStore';

const PER_PAGE = 50;

interface Page {
  colnames: string[];
  coltypes: number[];
  rows: Record<string, unknown>[];
  total: number;
}

/** The samples call's body: the filters, time range and extras of the chart's first query. */
export function drillBody(chartId: number) {
  const chart = dashboardStore.charts[chartId];
  const plugin = getPlugin(chart.vizType);
  const query = plugin?.buildQuery(chartFormData(chartId), {}).queries[0];
  // Physical-column filters; SQL expressions ride in extras (where / having), as the chart's query has them.
  const filters = (query?.filters ?? []).flatMap((f) => (typeof f.col === 'string' ? [{ ...f, col: f.col }] : []));
  return { filters, time_range: query?.time_range ?? null, granularity: query?.granularity ?? null, extras: (query?.extras ?? {}) as Record<string, unknown> };
}

export function DrillDetailModal({ chartId, name, onClose }: { chartId: number; name: string; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const [id, type] = (dashboardStore.charts[chartId]?.datasourceUid ?? '').split('__');
    let live = true;
    setError(null);
    api
      .call('chartData.samples', { query: { datasource_type: type || 'table', datasource_id: id, per_page: String(PER_PAGE), page: String(page) }, body: drillBody(chartId) })
      .then((res) => live && setData({ colnames: res.result.colnames, coltypes: res.result.coltypes, rows: res.result.data, total: res.result.total_count }))
      .catch((e) => live && setError(e instanceof Error ? e.message : 'Sorry, an error occurred'));
    return () => {
      live = false;
    };
  }, [chartId, page]);
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <Modal title={`Drill to detail: ${name}`} onClose={onClose} wide className="drill-modal">
      {error && <p role="alert">{error}</p>}
      {!data && !error && <p role="status">Loading…</p>}
      {data && (
        <>
          <p className="dash-drill__count">{`${data.total.toLocaleString()} rows`}</p>
          <div className="dash-chart__results" tabIndex={0} role="region" aria-label={`Rows of ${name}`}>
            <ResultsTable colnames={data.colnames} coltypes={data.coltypes} rows={data.rows} label={`Drill to detail: ${name}`} />
          </div>
          <nav className="dash-drill__pages" aria-label="Drill to detail pages">
            <button type="button" className="button button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous page</button>
            <span>{`Page ${page} of ${pages}`}</span>
            <button type="button" className="button button--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next page</button>
          </nav>
        </>
      )}
    </Modal>
  );
}
