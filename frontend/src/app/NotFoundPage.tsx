// Shown for any path the router does not know, with a way back to the product. Signed-in users keep
// the navigation so a mistyped address is not a dead end.
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { loadProfile } from '../auth/login';
import { session } from '../auth/session';
import { EmptyState } from './EmptyState';
import { TopNav } from './TopNav';

export function NotFoundPage() {
  const { token, fullName } = useSnapshot(session);
  // Outside the app layout, which loads the display name for every other page.
  useEffect(() => {
    if (token && !fullName) void loadProfile();
  }, [token, fullName]);
  return (
    <div className="app">
      {token && <TopNav />}
      <main className="app__main">
        <div className="page page--centered">
          <EmptyState
            icon="?"
            title="Page not found"
            message="The address you followed does not match any page. It may have moved or been mistyped."
            action={
              <Link to="/sqllab/" className="button button--primary">
                Go to SQL Lab
              </Link>
            }
          />
        </div>
      </main>
    </div>
  );
}
