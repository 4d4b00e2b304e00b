// Spec §4 Explore: "Stashing hides fields and restores them".
import { describe, expect, it } from 'vitest';
import { stashHiddenControls } from '../../../../../shared/viz/explore/stash';
import { requirePlugin } from '../../../../../shared/viz/registry';

const panel = requirePlugin('echarts_timeseries_line').controlPanel;
const rolling = { viz_type: 'echarts_timeseries_line', x_axis: 'date', rolling_type: 'mean', rolling_periods: 7, min_periods: 2 };

describe('Stashing hides fields and restores them', () => {
  it('a change that hides a control takes its value out of the form data and keeps it aside', () => {
    const after = { ...rolling, rolling_type: null };
    const out = stashHiddenControls(panel, rolling, after, {});
    expect(out.formData).not.toHaveProperty('rolling_periods');
    expect(out.formData).not.toHaveProperty('min_periods');
    expect(out.hiddenFormData).toEqual({ rolling_periods: 7, min_periods: 2 });
  });

  it('a change that shows it again brings the kept value back', () => {
    const hidden = stashHiddenControls(panel, rolling, { ...rolling, rolling_type: null }, {});
    const shown = stashHiddenControls(panel, hidden.formData, { ...hidden.formData, rolling_type: 'sum' }, hidden.hiddenFormData);
    expect(shown.formData).toMatchObject({ rolling_type: 'sum', rolling_periods: 7, min_periods: 2 });
    expect(shown.hiddenFormData).toEqual({});
  });

  it('leaves controls that were hidden before the change alone (a saved chart keeps its form data)', () => {
    const saved = { viz_type: 'echarts_timeseries_line', x_axis: 'date', rolling_type: null, rolling_periods: 3 };
    const out = stashHiddenControls(panel, saved, { ...saved, row_limit: 100 }, {});
    expect(out.formData).toMatchObject({ rolling_periods: 3, row_limit: 100 });
    expect(out.hiddenFormData).toEqual({});
  });
});
