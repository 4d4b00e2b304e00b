// /superset/dashboard/$idOrSlug/: one dashboard. The link is kept working (it names the dashboard it
// points to) while dashboards themselves arrive in a later release.
import { Link, useParams } from '@tanstack/react-router';
import { EmptyState } from '../../app/EmptyState';

export default function DashboardPage() {
  const { idOrSlug } = useParams({ strict: false }) as { idOrSlug?: string };
  return (
    <div className="page page--centered">
      <EmptyState
        icon="▦"
        title="Dashboards are coming in a later release"
        message={
          <>
            This link points to dashboard <code>{idOrSlug}</code>. Dashboards cannot be displayed yet; the link will open it
            once they are available.
          </>
        }
        action={
          <Link to="/sqllab/" className="button button--primary">
            Open SQL Lab
          </Link>
        }
      />
    </div>
  );
}
