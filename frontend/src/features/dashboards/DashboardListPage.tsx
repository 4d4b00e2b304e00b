// /dashboard/list/: the dashboards the user may see on the shared ListView: search (title or slug),
// owner / status / favorite filters, sort, paging, card and table views, favorite stars, bulk delete,
// and "+ Dashboard" which makes an untitled dashboard and opens it in edit mode.
import { useCallback, useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { exportAssets } from '../assets/assetBundles';
import { ImportDialog } from '../assets/ImportDialog';
import { ListView } from '../../app/list/ListView';
import type { ListColumn } from '../../app/list/types';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import { ConfirmDelete } from '../../app/ConfirmDelete';
import { FavoriteStar } from '../charts/list/FavoriteStar';
import { createUntitledDashboard, DASHBOARD_FILTERS, deleteDashboards, fetchDashboards, setDashboardFavorite, type DashboardRow } from './dashboardListApi';
import { TagChips } from '../tags/TagChips';

const dashboardUrl = (d: DashboardRow) => d.url ?? `/superset/dashboard/${d.slug || d.id}/`;
const owners = (d: DashboardRow) => d.owners.map((o) => `${o.first_name ?? ''} ${o.last_name ?? ''}`.trim()).join(', ');

export default function DashboardListPage() {
  const [reload, setReload] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<DashboardRow[] | null>(null);
  const [importing, setImporting] = useState(false);
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const toggle = (d: DashboardRow) => setDashboardFavorite(d.id, !d.favorite).then(refresh, () => addDangerToast('There was an issue favoriting this dashboard.'));
  const create = () =>
    createUntitledDashboard().then(
      (id) => window.location.assign(`/superset/dashboard/${id}/?edit=true`),
      () => addDangerToast('There was an issue creating the dashboard.'),
    );
  const remove = async (rows: DashboardRow[]) => {
    try {
      await deleteDashboards(rows.map((r) => r.id));
      addSuccessToast(rows.length === 1 ? `Deleted: ${rows[0].dashboard_title}` : `Deleted ${rows.length} dashboards`);
      refresh();
    } catch {
      addDangerToast('There was an issue deleting the selected dashboards');
    }
    setDeleting(null);
  };
  const columns: ListColumn<DashboardRow>[] = [
    { id: 'favorite', header: 'Favorite', hiddenHeader: true, render: (d) => <FavoriteStar name={d.dashboard_title} value={d.favorite} onToggle={() => void toggle(d)} /> },
    { id: 'title', header: 'Title', sortColumn: 'dashboard_title', render: (d) => <a href={dashboardUrl(d)}>{d.dashboard_title}</a> },
    { id: 'status', header: 'Status', sortColumn: 'published', render: (d) => (d.published ? 'Published' : 'Draft') },
    { id: 'owners', header: 'Owners', render: owners },
    { id: 'tags', header: 'Tags', render: (d) => <TagChips tags={d.tags} max={3} /> },
    { id: 'modified', header: 'Last modified', sortColumn: 'changed_on_delta_humanized', render: (d) => d.changed_on_delta_humanized ?? '' },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (d) => (
        <>
        <button type="button" className="button button--ghost button--small" aria-label={`Export ${d.dashboard_title}`} onClick={() => void exportAssets('dashboard', [d.id])}>Export</button>
        <button type="button" className="button button--ghost button--small" aria-label={`Delete ${d.dashboard_title}`} onClick={() => setDeleting([d])}>
          Delete
        </button>
        </>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title="Dashboards"
        subtitle={count !== null ? `${count} dashboards` : undefined}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>Import dashboards</button>
            <button type="button" className="button button--primary" onClick={() => void create()}>
              + Dashboard
            </button>
          </>
        }
      />
      <ListView
        label="Dashboards"
        columns={columns}
        filters={DASHBOARD_FILTERS}
        fetchPage={fetchDashboards}
        rowKey={(d) => d.id}
        rowLabel={(d) => d.dashboard_title}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        defaultViewMode="table"
        renderCard={(d) => (
          <div className="list-card">
            <FavoriteStar name={d.dashboard_title} value={d.favorite} onToggle={() => void toggle(d)} />
            <a href={dashboardUrl(d)}>{d.dashboard_title}</a>
            <small>{`${d.published ? 'Published' : 'Draft'} · ${d.changed_on_delta_humanized ?? ''}`}</small>
          </div>
        )}
        bulkActions={[
          { key: 'export', label: 'Export selected', run: (rows) => exportAssets('dashboard', rows.map((r) => r.id)) },
          { key: 'delete', label: 'Delete selected', danger: true, run: (rows) => setDeleting(rows) },
        ]}
        empty={{ title: 'No dashboards yet', message: 'Create a dashboard with "+ Dashboard" and add charts to it.', filteredMessage: 'No dashboards match these filters.' }}
        loadError="Dashboards could not be loaded."
        reloadToken={reload}
        onLoaded={(page) => setCount(page.count)}
      />
      {importing && <ImportDialog kind="dashboard" title="Import dashboards" onClose={() => setImporting(false)} onImported={refresh} />}
      {deleting && <ConfirmDelete title="Delete dashboard?" names={deleting.map((d) => d.dashboard_title)} onCancel={() => setDeleting(null)} onConfirm={() => void remove(deleting)} />}
    </div>
  );
}
