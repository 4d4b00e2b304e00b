// /explore/ (and the legacy /superset/explore/): build a chart from a dataset. Left the datasource,
// middle the viz type's controls, right the chart and its data; the header saves and shares it.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ErrorMessage } from '../../app/errors/ErrorMessage';
import { exploreStore } from './state/exploreStore';
import { loadExplore } from './actions/loadExplore';
import { DatasourcePanel } from './components/DatasourcePanel';
import { ControlPanel } from './components/ControlPanel';
import { ChartPane } from './components/ChartPane';
import { DataPane } from './components/DataPane';
import { ExploreHeader } from './components/ExploreHeader';
import { RowCountLabel } from './components/RowCountLabel';
import './explore.css';

export default function ExplorePage() {
  const snap = useSnapshot(exploreStore);
  useEffect(() => {
    void loadExplore(window.location.search, window.location.pathname);
  }, []);
  if (snap.status === 'loading') {
    return (
      <div className="page" role="status">
        Loading…
      </div>
    );
  }
  if (snap.status === 'error') {
    return (
      <div className="page">
        <ErrorMessage message={snap.loadError ?? 'Failed to load Explore'} />
      </div>
    );
  }
  const title = snap.sliceNameDraft || snap.slice?.slice_name || `[ untitled ${snap.datasource?.name ?? ''} chart ]`;
  return (
    <div className="explore">
      <ExploreHeader title={title} />
      {snap.message && (
        <p className="explore__message" role="status">
          {snap.message}
        </p>
      )}
      <div className="explore__body">
        <DatasourcePanel />
        <ControlPanel />
        <main className="explore__main" aria-label="Chart">
          <RowCountLabel />
          <ChartPane title={title} />
          <DataPane />
        </main>
      </div>
    </div>
  );
}
