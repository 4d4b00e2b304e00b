// Shown for any path the router does not know, with a way back to the product.
import { Link } from '@tanstack/react-router';
import { EmptyState } from './EmptyState';

export function NotFoundPage() {
  return (
    <main className="app__main app__main--centered">
      <EmptyState
        title="Page not found"
        message="The address you followed does not match any page. It may have moved or been mistyped."
        action={
          <Link to="/sqllab/" className="button button--primary">
            Go to SQL Lab
          </Link>
        }
      />
    </main>
  );
}
