import { describe, expect, it } from 'vitest';
import { attachedReport, emptyReportsState, reportDeleted, reportSaved, reportsFetched, type AttachedReport } from '../../../../../../frontend/src/features/reports/state/reportsState';

const chartReport: AttachedReport = { id: 7, name: 'Daily', active: true, creation_method: 'charts', chart_id: 3, dashboard_id: null, created_by: 1 };

describe('reports state (keyed by creation method and then by resource)', () => {
  it('fetched: keeps the resource\'s report, or null when it has none', () => {
    let s = reportsFetched(emptyReportsState(), 'charts', 3, chartReport);
    s = reportsFetched(s, 'dashboards', 3, null);
    expect(attachedReport(s, 'charts', 3)).toEqual(chartReport);
    expect(attachedReport(s, 'dashboards', 3)).toBeNull();
    expect(attachedReport(s, 'dashboards', 4)).toBeUndefined();
  });

  it('created or edited: stored under its own creation method and resource', () => {
    const dash: AttachedReport = { ...chartReport, id: 8, creation_method: 'dashboards', chart_id: null, dashboard_id: 5 };
    const s = reportSaved(reportSaved(emptyReportsState(), chartReport), dash);
    expect(s.charts['3']).toEqual(chartReport);
    expect(s.dashboards['5']).toEqual(dash);
    const edited = reportSaved(s, { ...chartReport, active: false });
    expect(edited.charts['3']?.active).toBe(false);
    expect(edited.dashboards).toBe(s.dashboards);
  });

  it('deleted: the resource has no report any more', () => {
    const s = reportDeleted(reportSaved(emptyReportsState(), chartReport), 'charts', 3);
    expect(attachedReport(s, 'charts', 3)).toBeNull();
  });
});
