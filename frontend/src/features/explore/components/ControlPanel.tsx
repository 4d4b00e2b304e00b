// The middle column: the viz type picker, the chosen type's control panel from its declared data
// (Data / Customize tabs, sections, visible controls only), validation at each control, and the run
// button, disabled while any control is invalid.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { applyForcedValues, hasErrors, isControlVisible, panelControls, renameEditedMetrics, sharedAfterSwitch, stashHiddenControls, switchVizType, validateForm } from '../../../../../shared/viz/explore/index';
import { getPlugin, listPlugins } from '../../../../../shared/viz/registry';
import type { FormData } from '../../../../../shared/viz/types';
import { exploreStore } from '../state/exploreStore';
import { runChart, stopChart } from '../actions/runChart';
import { scheduleFormDataKey } from '../actions/persistSoon';
import { Control } from './controls/Control';

function setControl(name: string, value: unknown) {
  const plugin = getPlugin(exploreStore.formData.viz_type)!;
  let current = exploreStore.formData as FormData;
  // Spec §4: renaming metrics renames their column config.
  if (panelControls(plugin.controlPanel).find((c) => c.name === name)?.type === 'DndMetricSelect') current = renameEditedMetrics(current, current[name], value);
  const next = applyForcedValues(plugin.controlPanel, { ...current, [name]: value });
  // Spec §4: stashing hides fields and restores them (a control the change hides leaves the query).
  const stashed = stashHiddenControls(plugin.controlPanel, current, next, exploreStore.hiddenFormData);
  exploreStore.formData = stashed.formData;
  exploreStore.hiddenFormData = stashed.hiddenFormData;
  scheduleFormDataKey();
}

function changeVizType(vizType: string) {
  const current = exploreStore.formData as FormData;
  const next = switchVizType(current, vizType, exploreStore.sharedFormData);
  exploreStore.sharedFormData = sharedAfterSwitch(current, vizType, exploreStore.sharedFormData);
  // A type with an x axis starts on the dataset's time column, as a new chart of that type would.
  const hasXAxis = panelControls(getPlugin(vizType)!.controlPanel).some((c) => c.name === 'x_axis');
  const lookup = (next.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  const timeColumn = exploreStore.datasource?.main_dttm_col ?? Object.keys(lookup)[0];
  if (hasXAxis && !next.x_axis && timeColumn) next.x_axis = timeColumn;
  exploreStore.formData = next;
  scheduleFormDataKey();
}

export function ControlPanel() {
  const snap = useSnapshot(exploreStore);
  const [tab, setTab] = useState<'data' | 'customize'>('data');
  const formData = snap.formData as FormData;
  const plugin = getPlugin(formData.viz_type);
  if (!plugin) return null;
  const errors = validateForm(plugin.controlPanel, formData);
  const invalid = hasErrors(errors);
  const loading = snap.chart.chartStatus === 'loading';
  const sections = plugin.controlPanel.sections.filter((s) => (s.tab ?? 'data') === tab);
  return (
    <section className="explore__controls" aria-label="Chart controls">
      <label className="control">
        <span className="control__label">Visualization type</span>
        <select className="input" aria-label="Visualization type" value={formData.viz_type} onChange={(e) => changeVizType(e.target.value)}>
          {listPlugins().map((p) => (
            <option key={p.vizType} value={p.vizType}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <div role="tablist" aria-label="Control panel tabs" className="explore__tabs">
        {(['data', 'customize'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className={tab === t ? 'is-active' : ''} onClick={() => setTab(t)}>
            {t === 'data' ? 'Data' : 'Customize'}
          </button>
        ))}
      </div>
      <div className="explore__sections">
        {sections.map((section) => (
          <fieldset key={section.label} className="explore__section">
            <legend>{section.label}</legend>
            {section.controlSetRows.map((row, i) => (
              <div key={i} className="explore__row">
                {row
                  .filter((ctl) => isControlVisible(ctl, formData))
                  .map((ctl) => (
                    <Control
                      key={ctl.name}
                      ctl={ctl}
                      value={ctl.name in formData ? formData[ctl.name] : ctl.default}
                      formData={formData}
                      datasource={snap.datasource as never}
                      errors={errors[ctl.name] ?? []}
                      onChange={(v) => setControl(ctl.name, v)}
                    />
                  ))}
              </div>
            ))}
          </fieldset>
        ))}
      </div>
      <div className="explore__run">
        {loading ? (
          <button type="button" className="button button--danger" onClick={stopChart}>
            Stop
          </button>
        ) : (
          <button type="button" className="button button--primary" disabled={invalid || !snap.datasource} onClick={() => void runChart()} title={invalid ? 'Fix the invalid controls first' : undefined}>
            Update chart
          </button>
        )}
      </div>
    </section>
  );
}
