// "Cross-filter scoping" from a chart's menu: which charts the chart's clicks filter. Global scope
// follows the dashboard's (all other charts); a custom scope is the tabs and charts checked in the
// layout's tree (the chart itself cannot filter itself). Saved as chart_configuration.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { chartsInScope, crossFilterScope, scopeFromCheckedCharts, scopeTree, type ChartConfiguration } from '../../../../../shared/dashboard/filters/index';
import type { Layout } from '../../../../../shared/dashboard/layout/index';
import { Modal } from '../../../app/Modal';
import { dashboardStore } from '../state/dashboardStore';
import { filterContext } from '../actions/filterContext';
import { saveCrossFilterScoping } from '../actions/filterSettings';
import { ScopeTree, useChartName } from './ScopeTree';

export function CrossFilterScopingModal({ chartId, name, onClose }: { chartId: number; name: string; onClose: () => void }) {
  const snap = useSnapshot(dashboardStore);
  const chartName = useChartName();
  const layout = snap.history.present as Layout;
  const own = (snap.info?.metadata.chart_configuration as Record<string, ChartConfiguration> | undefined)?.[String(chartId)]?.crossFilters?.scope;
  const [custom, setCustom] = useState(Boolean(own && own !== 'global'));
  const [checked, setChecked] = useState<number[]>(() => chartsInScope(layout, crossFilterScope(filterContext(), chartId)));
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    const others = checked.filter((c) => c !== chartId);
    // The emitter is always left out (crossFilterScope excludes it); the stored scope excludes it too.
    const made = scopeFromCheckedCharts(layout, others);
    const scope = custom ? { rootPath: made.rootPath, excluded: [...new Set([...made.excluded, chartId])] } : ('global' as const);
    const reached = custom ? others : chartsInScope(layout, crossFilterScope({ ...filterContext(), chartConfiguration: {} }, chartId));
    const ok = await saveCrossFilterScoping(chartId, scope, reached);
    setSaving(false);
    if (ok) onClose();
  };
  return (
    <Modal title={`Cross-filter scoping: ${name}`} onClose={onClose} onSubmit={() => void save()}>
      <fieldset className="field">
        <legend>Charts filtered by clicks on this chart</legend>
        <label className="field-check">
          <input type="radio" name="cross-filter-scope" checked={!custom} onChange={() => setCustom(false)} />
          Global scope (every other chart of the dashboard)
        </label>
        <label className="field-check">
          <input type="radio" name="cross-filter-scope" checked={custom} onChange={() => setCustom(true)} />
          Custom scope
        </label>
      </fieldset>
      {custom && <ScopeTree label={`Charts ${name} cross-filters`} tree={scopeTree(layout, chartName)} checked={checked} onChange={setChecked} disabled={[chartId]} />}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={saving}>Save</button>
      </div>
    </Modal>
  );
}
