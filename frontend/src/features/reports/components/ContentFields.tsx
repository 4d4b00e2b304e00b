// What a report or alert sends: a dashboard or a chart, the format (PNG or PDF; CSV and text for
// charts only), the screenshot width and the cache bypass.
import type { ReportForm } from '../form/reportForm';
import { formatsFor, type ReportFormat } from '../form/reportForm';
import { chartOptions, dashboardOptions } from '../state/reportLookups';
import { LookupSelect } from './LookupSelect';

export const FORMAT_LABELS: Record<ReportFormat, string> = {
  PNG: 'Send as PNG',
  PDF: 'Send as PDF',
  CSV: 'Send as CSV',
  TEXT: 'Send as text',
};

interface Props {
  form: ReportForm;
  set: (patch: Partial<ReportForm>) => void;
  labels: { chart?: string; dashboard?: string };
  invalid: Record<string, string>;
}

export function ContentFields({ form, set, labels, invalid }: Props) {
  const formats = formatsFor(form.contentType);
  return (
    <>
      <fieldset className="report-radios">
        <legend className="field__label">Content type</legend>
        <label className="report-check">
          <input type="radio" name="report-content-type" checked={form.contentType === 'dashboard'} onChange={() => set({ contentType: 'dashboard', reportFormat: formatsFor('dashboard').includes(form.reportFormat) ? form.reportFormat : 'PNG' })} />
          Dashboard
        </label>
        <label className="report-check">
          <input type="radio" name="report-content-type" checked={form.contentType === 'chart'} onChange={() => set({ contentType: 'chart' })} />
          Chart
        </label>
      </fieldset>
      {form.contentType === 'dashboard' ? (
        <LookupSelect label="Dashboard" value={form.dashboard} onChange={(dashboard) => set({ dashboard })} load={dashboardOptions} chosenLabel={labels.dashboard} />
      ) : (
        <LookupSelect label="Chart" value={form.chart} onChange={(chart) => set({ chart })} load={chartOptions} chosenLabel={labels.chart} />
      )}
      <label className="field">
        <span className="field__label">Content format</span>
        <select className="select" value={form.reportFormat} onChange={(e) => set({ reportFormat: e.target.value as ReportFormat })}>
          {formats.map((f) => <option key={f} value={f}>{FORMAT_LABELS[f]}</option>)}
        </select>
      </label>
      <div className="report-modal__row">
        <label className="field">
          <span className="field__label">Screenshot width</span>
          <input className="input" inputMode="numeric" placeholder="Input custom width in pixels" value={form.customWidth} aria-invalid={Boolean(invalid.customWidth)} onChange={(e) => set({ customWidth: e.target.value })} />
          {invalid.customWidth && <span className="report-field-error">{invalid.customWidth}</span>}
        </label>
        <label className="report-check">
          <input type="checkbox" checked={form.forceScreenshot} onChange={(e) => set({ forceScreenshot: e.target.checked })} />
          Ignore cache when generating report
        </label>
      </div>
    </>
  );
}
