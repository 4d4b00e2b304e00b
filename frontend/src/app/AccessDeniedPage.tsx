// What a signed-in user sees on a page their roles do not open (Flask-AppBuilder's "Access is Denied"):
// no part of the page loads, so nothing it would have fetched is asked for.
import { Link } from '@tanstack/react-router';
import { useHomePath } from '../auth/permissions';
import { EmptyState } from './EmptyState';

export function AccessDeniedPage({ what }: { what: string }) {
  const home = useHomePath();
  return (
    <div className="page page--centered">
      <EmptyState
        icon="!"
        title="Access is Denied"
        message={`You don't have permission to use ${what}. Ask an administrator for a role that grants it.`}
        action={
          <Link to={home} className="button button--primary">
            Go to the home page
          </Link>
        }
      />
    </div>
  );
}
