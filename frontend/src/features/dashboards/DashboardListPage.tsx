// /dashboard/list/: the dashboard list, arriving with dashboards in a later release.
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../app/EmptyState';
import { PageHeader } from '../../app/PageHeader';

export default function DashboardListPage() {
  return (
    <div className="page">
      <PageHeader title="Dashboards" />
      <div className="panel">
        <EmptyState
          headingLevel={2}
          icon="▦"
          title="Dashboards are coming in a later release"
          message="Dashboards will arrange your charts with filters and share them with your team. Saved queries are available today."
          action={
            <Link to="/savedqueryview/list/" className="button button--secondary">
              View saved queries
            </Link>
          }
        />
      </div>
    </div>
  );
}
