// Edit mode's switch between a grid and top-level tabs (spec section 4, layout rules): Tabs dropped
// on the strip above the grid become the dashboard's top-level tabs (what the grid held goes into the
// first tab), as in Superset; the button does the same by keyboard, and removes them again (their
// content flattened back into the grid, as deleting the top-level tabs does).
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { hasTopLevelTabs, type Layout } from '../../../../../shared/dashboard/layout/index';
import { announce } from '../../../app/announcer';
import { dashboardStore } from '../state/dashboardStore';
import { setTopLevelTabs } from '../actions/layoutActions';
import { DRAG_MIME, readDragPayload } from './dragData';

export function TopLevelTabsZone() {
  const { history } = useSnapshot(dashboardStore);
  const [over, setOver] = useState(false);
  const topLevel = hasTopLevelTabs(history.present as Layout);
  const toggle = () => {
    setTopLevelTabs(!topLevel);
    announce(topLevel ? 'Top-level tabs removed: their content is back in the grid' : 'The dashboard now has top-level tabs');
  };
  return (
    <div className="top-tabs-zone">
      {!topLevel && (
        <div
          className={`top-tabs-zone__drop${over ? ' drop-zone--over' : ''}`}
          data-testid="drop-top-level-tabs"
          aria-hidden="true"
          onDragOver={(e) => {
            if (!e.dataTransfer.types.includes(DRAG_MIME)) return;
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            const payload = readDragPayload(e);
            if (payload?.source === 'new' && payload.type === 'TABS') setTopLevelTabs(true);
          }}
        >
          Drop Tabs here for top-level tabs
        </div>
      )}
      <button type="button" className="button button--ghost button--small" onClick={toggle}>
        {topLevel ? 'Remove top-level tabs' : 'Use top-level tabs'}
      </button>
    </div>
  );
}
