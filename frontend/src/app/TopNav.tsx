// The product's top bar: brand, the SQL menu, Datasets, Charts, Dashboards, Tags, Manage (annotation
// layers, alerts & reports) and the user menu.
import { Link, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { session } from '../auth/session';
import { logout } from '../auth/login';
import { DropdownMenu } from './DropdownMenu';
import { useCan, useHomePath, useIsAdmin } from '../auth/permissions';

/** The admin's Settings entries (Superset's Security menu); other areas add theirs here. */
export const SETTINGS_LINKS = [
  { to: '/settings/', label: 'Settings' },
  { to: '/users/list/', label: 'List Users' },
  { to: '/roles/list/', label: 'List Roles' },
  { to: '/rowlevelsecurity/list/', label: 'Row Level Security' },
] as const;

const SQL_PATHS = ['/sqllab/', '/savedqueryview/'];

export function TopNav() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { username, fullName } = useSnapshot(session);
  const home = useHomePath();
  const admin = useIsAdmin();
  const sqlLab = useCan('can_sqllab', 'Superset');
  const annotations = useCan('can_read', 'Annotation');
  const reports = useCan('can_read', 'ReportSchedule');
  const inSql = SQL_PATHS.some((prefix) => pathname.startsWith(prefix));
  const displayName = fullName ?? username ?? '';
  const initial = (displayName || '?').slice(0, 1).toUpperCase();

  return (
    <header className="topnav">
      <Link to={home} className="topnav__brand" aria-label="Sqlscape home">
        <span className="topnav__logo" aria-hidden="true">
          ◆
        </span>
        <span className="topnav__name">Sqlscape</span>
      </Link>
      <nav className="nav" aria-label="Main">
        {sqlLab && (
        <DropdownMenu label="SQL" active={inSql}>
          {(close) => (
            <>
              <Link to="/sqllab/" role="menuitem" className="dropdown__item" onClick={close}>
                SQL Lab
              </Link>
              <Link to="/savedqueryview/list/" role="menuitem" className="dropdown__item" onClick={close}>
                Saved queries
              </Link>
              <Link to="/sqllab/history/" role="menuitem" className="dropdown__item" onClick={close}>
                Query history
              </Link>
            </>
          )}
        </DropdownMenu>
        )}
        <Link to="/tablemodelview/list/" className="nav__item" activeProps={{ className: 'is-active', 'aria-current': 'page' }}>
          Datasets
        </Link>
        <Link to="/chart/list/" className="nav__item" activeProps={{ className: 'is-active', 'aria-current': 'page' }}>
          Charts
        </Link>
        <Link to="/dashboard/list/" className="nav__item" activeProps={{ className: 'is-active', 'aria-current': 'page' }}>
          Dashboards
        </Link>
        <Link to="/superset/tags/" className="nav__item" activeProps={{ className: 'is-active', 'aria-current': 'page' }}>
          Tags
        </Link>
        {(annotations || reports) && (
          <DropdownMenu label="Manage">
            {(close) => (
              <>
                {annotations && (
                  <Link to="/annotationlayer/list/" role="menuitem" className="dropdown__item" onClick={close}>
                    Annotation layers
                  </Link>
                )}
                {reports && (
                  <Link to="/alert/list/" role="menuitem" className="dropdown__item" onClick={close}>
                    Alerts & reports
                  </Link>
                )}
              </>
            )}
          </DropdownMenu>
        )}
      </nav>
      <div className="topnav__end">
        <DropdownMenu
          align="end"
          ariaLabel={`User menu for ${displayName}`}
          label={
            <>
              <span className="avatar" aria-hidden="true" data-initial={initial} />
              <span className="topnav__user">{displayName}</span>
            </>
          }
        >
          {(close) => (
            <>
              <div className="dropdown__header" role="presentation">
                Signed in as <strong>{username}</strong>
              </div>
              <Link to="/user_info/" role="menuitem" className="dropdown__item" onClick={close}>
                Info
              </Link>
              {admin &&
                SETTINGS_LINKS.map((link) => (
                  <Link key={link.to} to={link.to} role="menuitem" className="dropdown__item" onClick={close}>
                    {link.label}
                  </Link>
                ))}
              <button type="button" role="menuitem" className="dropdown__item" onClick={logout}>
                Logout
              </button>
            </>
          )}
        </DropdownMenu>
      </div>
    </header>
  );
}
