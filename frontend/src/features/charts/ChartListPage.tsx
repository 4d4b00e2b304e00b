// /chart/list/: every chart the user may see on the shared ListView: search, owner / type / dataset /
// favorite filters, sort, paging, card and table views, favorite stars, bulk delete, links to Explore.
import { useCallback, useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { exportAssets } from '../assets/assetBundles';
import { ImportDialog } from '../assets/ImportDialog';
import { ListView } from '../../app/list/ListView';
import type { ListColumn } from '../../app/list/types';
import { getPlugin } from '../../../../shared/viz/registry';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import { CHART_FILTERS, deleteCharts, fetchCharts, setChartFavorite, type ChartRow } from './list/chartListApi';
import { ConfirmDelete } from '../../app/ConfirmDelete';
import { FavoriteStar } from './list/FavoriteStar';
import { TagChips } from '../tags/TagChips';
import { useCan } from '../../auth/permissions';

const exploreUrl = (c: ChartRow) => `/explore/?slice_id=${c.id}`;
const owners = (c: ChartRow) => c.owners.map((o) => `${o.first_name ?? ''} ${o.last_name ?? ''}`.trim()).join(', ');

export default function ChartListPage() {
  const canAdd = useCan('can_write', 'Chart');
  const [reload, setReload] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ChartRow[] | null>(null);
  const [importing, setImporting] = useState(false);
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const toggle = (c: ChartRow) => setChartFavorite(c.id, !c.favorite).then(refresh, () => addDangerToast('There was an issue favoriting this chart.'));
  const remove = async (rows: ChartRow[]) => {
    try {
      await deleteCharts(rows.map((r) => r.id));
      addSuccessToast(rows.length === 1 ? `Deleted: ${rows[0].slice_name}` : `Deleted ${rows.length} charts`);
      refresh();
    } catch {
      addDangerToast('There was an issue deleting the selected charts');
    }
    setDeleting(null);
  };
  const columns: ListColumn<ChartRow>[] = [
    { id: 'favorite', header: 'Favorite', hiddenHeader: true, render: (c) => <FavoriteStar name={c.slice_name} value={c.favorite} onToggle={() => void toggle(c)} /> },
    { id: 'name', header: 'Name', sortColumn: 'slice_name', render: (c) => <a href={exploreUrl(c)}>{c.slice_name}</a> },
    { id: 'type', header: 'Type', sortColumn: 'viz_type', render: (c) => getPlugin(c.viz_type)?.name ?? c.viz_type },
    { id: 'dataset', header: 'Dataset', sortColumn: 'datasource_name', render: (c) => c.datasource_name_text ?? '' },
    { id: 'owners', header: 'Owners', render: owners },
    { id: 'tags', header: 'Tags', render: (c) => <TagChips tags={c.tags} max={3} /> },
    { id: 'modified', header: 'Last modified', sortColumn: 'changed_on_delta_humanized', render: (c) => c.changed_on_delta_humanized ?? '' },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (c) => (
        <>
        <button type="button" className="button button--ghost button--small" aria-label={`Export ${c.slice_name}`} onClick={() => void exportAssets('chart', [c.id])}>Export</button>
        <button type="button" className="button button--ghost button--small" aria-label={`Delete ${c.slice_name}`} onClick={() => setDeleting([c])}>
          Delete
        </button>
        </>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader title="Charts" subtitle={count !== null ? `${count} charts` : undefined} actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>Import charts</button>
            {canAdd && <a className="button button--primary" href="/chart/add/">+ Chart</a>}
          </>
        }
      />
      <ListView
        label="Charts"
        columns={columns}
        filters={CHART_FILTERS}
        fetchPage={fetchCharts}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.slice_name}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        defaultViewMode="table"
        renderCard={(c) => (
          <div className="list-card">
            <FavoriteStar name={c.slice_name} value={c.favorite} onToggle={() => void toggle(c)} />
            <a href={exploreUrl(c)}>{c.slice_name}</a>
            <div>{getPlugin(c.viz_type)?.name ?? c.viz_type}</div>
            <small>{`${c.datasource_name_text ?? ''} · ${c.changed_on_delta_humanized ?? ''}`}</small>
          </div>
        )}
        bulkActions={[
          { key: 'export', label: 'Export selected', run: (rows) => exportAssets('chart', rows.map((r) => r.id)) },
          { key: 'delete', label: 'Delete selected', danger: true, run: (rows) => setDeleting(rows) },
        ]}
        empty={{ title: 'No charts yet', message: 'Build a chart in Explore from a dataset to find it here.', filteredMessage: 'No charts match these filters.' }}
        loadError="Charts could not be loaded."
        reloadToken={reload}
        onLoaded={(page) => setCount(page.count)}
      />
      {importing && <ImportDialog kind="chart" title="Import charts" onClose={() => setImporting(false)} onImported={refresh} />}
      {deleting && <ConfirmDelete title="Delete chart?" names={deleting.map((c) => c.slice_name)} onCancel={() => setDeleting(null)} onConfirm={() => void remove(deleting)} />}
    </div>
  );
}
