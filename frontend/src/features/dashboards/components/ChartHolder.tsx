// A chart cell: queries its chart when it first comes into view, or once the charts in view are
// loaded when it is within a screen of the view (actions/chartQueue.ts; charts further away and in
// closed tabs wait), draws the answer at the cell's size with the chart's viz plugin, and shows
// loading, the error, or the chart with its menu.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { LayoutItem } from '../../../../../shared/dashboard/layout/index';
import { getPlugin } from '../../../../../shared/viz/registry';
import type { ChartDataResponseResult, ChartProps, FormData } from '../../../../../shared/viz/types';
import { ChartView } from '../../charts/render/ChartView';
import { hasNoResults, NoResults } from '../../charts/render/NoResults';
import { dashboardStore } from '../state/dashboardStore';
import { chartFormData, ensureChartEntry } from '../actions/chartActions';
import { queryInView, queryNearby } from '../actions/chartQueue';
import { chartExtraFormData } from '../actions/filterContext';
import { ChartMenu } from './ChartMenu';
import { crossFilterFromClick } from '../actions/filterActions';
import { FilterIndicator } from './FilterIndicator';

/** How long a cell's size must hold before its chart is drawn again at the new size. */
const RESIZE_SETTLE_MS = 120;

/**
 * The cell's size: the first one at once, later changes once they settle, so dragging a resize handle
 * (or the window's edge) redraws the chart when the user stops, not on every frame of the drag.
 */
function useSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const shown = useRef(size);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (next: { width: number; height: number }) => {
      shown.current = next;
      setSize(next);
    };
    const observer = new ResizeObserver(([entry]) => {
      const next = { width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) };
      clearTimeout(timer);
      if (next.width === shown.current.width && next.height === shown.current.height) return;
      if (shown.current.width === 0 || shown.current.height === 0) show(next);
      else timer = setTimeout(() => show(next), RESIZE_SETTLE_MS);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref]);
  return size;
}

/** How far outside the window a cell counts as in view. */
const IN_VIEW_MARGIN_PX = 200;

/** Whether the cell has been in view, or near it (within one more screen), since it was placed. */
function useProximity(ref: React.RefObject<HTMLElement | null>): 'inView' | 'near' | null {
  const [proximity, setProximity] = useState<'inView' | 'near' | null>(null);
  // A cell already in view when placed asks before the first paint, not a frame later when the
  // observer first reports (one layout for every cell of the commit; a closed tab's cells measure 0).
  useLayoutEffect(() => {
    const r = ref.current?.getBoundingClientRect();
    if (r && (r.width > 0 || r.height > 0) && r.bottom > -IN_VIEW_MARGIN_PX && r.top < window.innerHeight + IN_VIEW_MARGIN_PX) setProximity('inView');
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el || proximity === 'inView') return;
    const watch = (margin: string, reached: 'inView' | 'near') => {
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setProximity((p) => (p === 'inView' ? p : reached)), { rootMargin: margin });
      observer.observe(el);
      return observer;
    };
    const observers = [watch(`${IN_VIEW_MARGIN_PX}px`, 'inView'), ...(proximity === null ? [watch('100% 0px', 'near')] : [])];
    return () => observers.forEach((o) => o.disconnect());
  }, [ref, proximity]);
  return proximity;
}

function draw(vizType: string, formData: FormData, queriesData: ChartDataResponseResult[], width: number, height: number, datasource: unknown): ChartProps | Error {
  try {
    return getPlugin(vizType)!.transformProps({ formData, queriesData, width, height, datasource: datasource as never });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

export function ChartHolder({ item }: { item: LayoutItem }) {
  const chartId = Number(item.meta.chartId);
  const snap = useSnapshot(dashboardStore);
  const chart = snap.charts[chartId];
  const entry = snap.chartEntries[chartId];
  const body = useRef<HTMLDivElement>(null);
  const size = useSize(body);
  const proximity = useProximity(body);
  const [showDescription, setShowDescription] = useState(false);

  useEffect(() => {
    if (chart && !entry) ensureChartEntry(chartId);
    else if (proximity === 'inView' && entry?.state.chartStatus === '') queryInView(chartId);
    else if (proximity === 'near' && entry?.state.chartStatus === '') queryNearby(chartId);
  }, [proximity, entry, chart, chartId]);

  const focused = snap.focusedChartId === chartId;
  const fullSize = snap.ui.fullSizeChartId === chartId;
  useEffect(() => {
    if (!fullSize) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && (dashboardStore.ui.fullSizeChartId = null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullSize]);
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focused) return;
    card.current?.scrollIntoView({ block: 'center' });
    const unfocus = () => (dashboardStore.focusedChartId = null);
    document.addEventListener('pointerdown', unfocus, { once: true });
    return () => document.removeEventListener('pointerdown', unfocus);
  }, [focused]);

  const name = String(item.meta.sliceNameOverride ?? chart?.sliceName ?? item.meta.sliceName ?? `Chart ${chartId}`);
  const queriesData = entry?.queriesData as ChartDataResponseResult[] | null | undefined;
  const drawn = useMemo(
    () => (chart && queriesData && size.width > 0 && size.height > 0 ? draw(chart.vizType, chartFormData(chartId), queriesData, size.width, size.height, snap.datasources[chart.datasourceUid]) : null),
    // The dashboard's color scheme is part of the form data drawn (chartFormData): a change redraws.
    [chart, queriesData, size.width, size.height, chartId, snap.datasources, snap.ui.colorScheme],
  );

  if (!chart) {
    return <div className="dash-chart__missing" role="alert">{`There is no chart definition associated with this component (chart ${chartId}).`}</div>;
  }
  const status = entry?.state.chartStatus ?? '';
  return (
    <section ref={card} className={`dash-chart__card${focused ? ' is-focused' : ''}${fullSize ? ' dash-chart__card--full' : ''}`} aria-label={name} data-chart-id={chartId} data-status={status} data-focused={focused || undefined}>
      <header className="dash-chart__header">
        <h3 className="dash-chart__title">{name}</h3>
        {queriesData && <FilterIndicator result={queriesData[0]} chartExtra={chartExtraFormData(chartId)} />}
        {!snap.ui.editMode && <ChartMenu chartId={chartId} componentId={item.id} name={name} onToggleDescription={() => setShowDescription((v) => !v)} />}
      </header>
      {showDescription && chart.description && <p className="dash-chart__description">{chart.description}</p>}
      <div className="dash-chart__body" ref={body}>
        {status === 'loading' && !drawn && <div className="dash-chart__loading" role="status">Loading…</div>}
        {status === 'failed' && (
          <div className="dash-chart__error" role="alert">
            <strong>An error occurred</strong>
            <p>{entry?.state.chartAlert}</p>
          </div>
        )}
        {drawn instanceof Error && <div className="dash-chart__error" role="alert">{`An error occurred while rendering the visualization: ${drawn.message}`}</div>}
        {drawn && !(drawn instanceof Error) && status !== 'failed' && (queriesData && hasNoResults(queriesData) ? (
          <NoResults />
        ) : (
          <ChartView props={drawn} label={name} onPointClick={snap.ui.editMode ? undefined : (point) => crossFilterFromClick(chartId, point)} />
        ))}
      </div>
    </section>
  );
}
