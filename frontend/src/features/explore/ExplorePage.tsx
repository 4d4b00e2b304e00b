// /explore/: the chart builder, arriving with charts in a later release.
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../app/EmptyState';

export default function ExplorePage() {
  return (
    <div className="page page--centered">
      <EmptyState
        icon="◩"
        title="Chart exploration is coming in a later release"
        message="Building charts from a dataset or a query result is not available yet. Run and save your SQL in SQL Lab in the meantime."
        action={
          <Link to="/sqllab/" className="button button--primary">
            Open SQL Lab
          </Link>
        }
      />
    </div>
  );
}
