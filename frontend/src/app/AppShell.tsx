// The signed-in frame: the top navigation and the page below it. `?standalone=<n>` (any value other
// than 0/false, as in Superset's standalone modes) renders the page alone for embedding.
import { useEffect } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { loadProfile } from '../auth/login';
import { TopNav } from './TopNav';

export function isStandalone(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !['0', 'false'].includes(String(value).toLowerCase());
}

export function AppShell() {
  const standalone = useRouterState({
    select: (state) => isStandalone((state.location.search as Record<string, unknown>).standalone),
  });
  useEffect(() => {
    void loadProfile();
  }, []);
  return (
    <div className={standalone ? 'app app--standalone' : 'app'}>
      {!standalone && <TopNav />}
      <main className="app__main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
