// /chart/list/: the chart list. Charts ship in a later release; until then the page says so plainly
// and points to what works today.
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../app/EmptyState';
import { PageHeader } from '../../app/PageHeader';

export default function ChartListPage() {
  return (
    <div className="page">
      <PageHeader title="Charts" />
      <div className="panel">
        <EmptyState
          headingLevel={2}
          icon="▥"
          title="Charts are coming in a later release"
          message="You will be able to build charts from query results and datasets here. Meanwhile, explore your data in SQL Lab."
          action={
            <Link to="/sqllab/" className="button button--primary">
              Open SQL Lab
            </Link>
          }
        />
      </div>
    </div>
  );
}
