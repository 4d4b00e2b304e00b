// The signed-in frame: the top navigation and the page below it. `?standalone=<n>` renders the page
// alone for embedding, as does the UI-config bitmask's "hide nav" bit (see standalone.ts).
import { useEffect } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { loadProfile } from '../auth/login';
import { loadPermissions } from '../auth/permissions';
import { TopNav } from './TopNav';
import { LiveAnnouncer } from './announcer';
import { hidesNav, isStandalone } from './standalone';

export function AppShell() {
  const standalone = useRouterState({
    select: (state) => {
      const search = state.location.search as Record<string, unknown>;
      return isStandalone(search.standalone) || hidesNav(search.uiConfig);
    },
  });
  useEffect(() => {
    void loadProfile();
    void loadPermissions();
  }, []);
  return (
    <div className={standalone ? 'app app--standalone' : 'app'}>
      {!standalone && <TopNav />}
      <main className="app__main" id="main">
        <Outlet />
      </main>
      <LiveAnnouncer />
    </div>
  );
}
