// The right column's chart: loading, the drawn chart (the plugin's transformProps at the pane's size,
// render-only controls applied at once) or, when no query returned a row, the no-results state; the
// failed state in the error display, or 'stopped'. While a required control is empty (a new chart, or a
// switch to a type whose required controls the previous one did not fill) the pane asks for them
// instead of drawing the last answer, as Superset does.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { hasErrors, panelControls, validateForm } from '../../../../../shared/viz/explore/index';
import { getPlugin } from '../../../../../shared/viz/registry';
import type { ChartDataResponseResult, ChartProps, FormData } from '../../../../../shared/viz/types';
import { ErrorMessage } from '../../../app/errors/ErrorMessage';
import { ChartView } from '../../charts/render/ChartView';
import { hasNoResults, NoResults, NO_RESULTS_EXPLORE_HINT } from '../../charts/render/NoResults';
import { chartRenderSucceeded } from '../../charts/state/chartStatus';
import { exploreStore } from '../state/exploreStore';

function useSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([e]) => setSize({ width: Math.floor(e.contentRect.width), height: Math.floor(e.contentRect.height) }));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** The form data to draw with: the queried one, with the current values of render-only controls. */
function drawFormData(queried: FormData, current: FormData): FormData {
  if (queried.viz_type !== current.viz_type) return queried;
  const plugin = getPlugin(current.viz_type);
  const next = { ...queried };
  for (const ctl of plugin ? panelControls(plugin.controlPanel) : []) if (ctl.renderTrigger && ctl.name in current) next[ctl.name] = current[ctl.name];
  return next;
}

export function ChartPane({ title }: { title: string }) {
  const snap = useSnapshot(exploreStore);
  const body = useRef<HTMLDivElement>(null);
  const size = useSize(body);
  const status = snap.chart.chartStatus;
  const plugin = getPlugin((snap.formData as FormData).viz_type);
  const missingControls = Boolean(plugin) && hasErrors(validateForm(plugin!.controlPanel, snap.formData as FormData));
  const askForControls = Boolean(snap.datasource) && missingControls && status !== 'loading';
  const queried = snap.chart.latestQueryFormData as FormData | null;
  const queriesData = snap.queriesData as ChartDataResponseResult[] | null;
  const drawn = useMemo((): ChartProps | Error | null => {
    if (askForControls || !queried || !queriesData || size.width <= 0 || size.height <= 0 || (status !== 'success' && status !== 'rendered')) return null;
    const fd = drawFormData(queried, snap.formData as FormData);
    try {
      return getPlugin(fd.viz_type)!.transformProps({ formData: fd, queriesData, width: size.width, height: size.height, datasource: snap.datasource as never });
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }, [askForControls, queried, queriesData, size.width, size.height, status, snap.formData, snap.datasource]);
  useEffect(() => {
    if (drawn && !(drawn instanceof Error) && exploreStore.chart.chartStatus === 'success') exploreStore.chart = chartRenderSucceeded(exploreStore.chart, Date.now());
  }, [drawn]);
  return (
    <div className="explore__chart" ref={body} data-status={status} data-series={drawn && !(drawn instanceof Error) && drawn.kind === 'echarts' ? drawn.seriesNames.length : undefined} aria-busy={status === 'loading'}>
      {status === 'loading' && (
        <div className="explore__loading" role="status">
          Loading…
        </div>
      )}
      {status === '' && !snap.datasource && <p className="explore__hint">Choose a dataset to explore.</p>}
      {status === '' && snap.datasource && !missingControls && <p className="explore__hint">Press "Update chart" to see your chart.</p>}
      {askForControls && (
        <div className="chart-empty" role="status">
          <p className="chart-empty__title">Add required control values to preview chart</p>
          <p className="chart-empty__hint">Select values in highlighted field(s) in the control panel. Then run the query by clicking on the "Update chart" button.</p>
        </div>
      )}
      {status === 'stopped' && !askForControls && (
        <div className="explore__stopped" role="alert">
          {snap.chart.chartAlert}
        </div>
      )}
      {status === 'failed' && !askForControls && (
        <ErrorMessage message={snap.chart.chartAlert ?? 'An error occurred'} errors={(snap.chartErrors ?? []) as never} onCopy={(text) => void navigator.clipboard?.writeText(text).catch(() => undefined)} />
      )}
      {drawn instanceof Error && <ErrorMessage message={`An error occurred while rendering the visualization: ${drawn.message}`} />}
      {drawn && !(drawn instanceof Error) && (queriesData && hasNoResults(queriesData) ? <NoResults description={NO_RESULTS_EXPLORE_HINT} /> : <ChartView props={drawn} label={title} />)}
    </div>
  );
}
