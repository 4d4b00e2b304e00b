// The email report modal of a chart's or dashboard's menu (Superset's ReportModal): name, description,
// schedule and time zone, message content, screenshot width, cache bypass and the email recipients
// (the signed-in user's address by default). Saved with creation_method charts or dashboards.
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../api/client';
import { session } from '../../../auth/session';
import { Modal } from '../../../app/Modal';
import { MISSING_PREFIX, checkForm, emptyRecipient, formFromReport, formatsFor, newForm, toBody, type ReportForm, type ReportFormat } from '../form/reportForm';
import { serverErrors } from '../form/serverErrors';
import { myEmail } from '../state/reportLookups';
import { saveReport } from '../state/reportsStore';
import type { CreationMethod } from '../state/reportsState';
import { SchedulePicker } from './SchedulePicker';
import '../reports.css';

const CONTENT_LABELS: Record<ReportFormat, string> = {
  PNG: 'Image (PNG) embedded in email',
  PDF: 'PDF attached in email',
  CSV: 'Formatted CSV attached in email',
  TEXT: 'Text embedded in email',
};

interface Props {
  method: CreationMethod;
  resourceId: number;
  resourceName: string;
  reportId: number | null;
  onClose: () => void;
}

export function ReportModal({ method, resourceId, resourceName, reportId, onClose }: Props) {
  const isChart = method === 'charts';
  const [form, setForm] = useState<ReportForm | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ summary: string; fields: Record<string, string> } | null>(null);

  useEffect(() => {
    if (reportId !== null) {
      api.call('report.get', { params: { pk: reportId } }).then(
        ({ result }) => setForm(formFromReport(result)),
        (e: Error) => setFailure({ summary: e.message, fields: {} }),
      );
      return;
    }
    void myEmail().then((email) =>
      setForm(
        newForm('Report', {
          name: `Weekly Report for ${resourceName}`,
          crontab: '0 12 * * 1',
          timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
          contentType: isChart ? 'chart' : 'dashboard',
          chart: isChart ? resourceId : null,
          dashboard: isChart ? null : resourceId,
          creationMethod: method,
          owners: session.userId !== null ? [session.userId] : [],
          recipients: [emptyRecipient('Email', email)],
        }),
      ),
    );
  }, [reportId, resourceId, resourceName, isChart, method]);

  const check = useMemo(() => (form ? checkForm(form) : null), [form]);
  const set = (patch: Partial<ReportForm>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const title = reportId === null ? 'Schedule a new email report' : 'Edit email report';

  const submit = async () => {
    if (!form || !check) return;
    if (check.missing.length || Object.keys(check.invalid).length) return setShowMissing(true);
    setSaving(true);
    setFailure(null);
    try {
      await saveReport(toBody(form), reportId);
      onClose();
    } catch (error) {
      setFailure(serverErrors(error));
    } finally {
      setSaving(false);
    }
  };

  if (!form || !check) {
    return (
      <Modal title={title} onClose={onClose} className="report-modal">
        {failure ? <p className="form__error" role="alert">{failure.summary}</p> : <p role="status">Loading…</p>}
        <div className="modal__actions"><button type="button" className="button" onClick={onClose}>Cancel</button></div>
      </Modal>
    );
  }
  const invalid = { ...check.invalid, ...(failure?.fields ?? {}) };
  const email = form.recipients.find((r) => r.type === 'Email') ?? emptyRecipient();
  const emailError = invalid[`recipients.${Math.max(0, form.recipients.indexOf(email))}.target`];
  const setEmail = (target: string) =>
    set({ recipients: form.recipients.includes(email) ? form.recipients.map((r) => (r === email ? { ...r, target } : r)) : [{ ...email, target }, ...form.recipients] });
  return (
    <Modal title={title} onClose={onClose} onSubmit={() => void submit()} className="report-modal">
      <label className="field">
        <span className="field__label">Report name</span>
        <input className="input" value={form.name} aria-required="true" onChange={(e) => set({ name: e.target.value })} />
        {invalid.name && <span className="report-field-error">{invalid.name}</span>}
      </label>
      <label className="field">
        <span className="field__label">Description</span>
        <input className="input" value={form.description} placeholder="Include description to be sent with report" onChange={(e) => set({ description: e.target.value })} />
      </label>
      <h3 className="report-modal__heading">Schedule</h3>
      <p className="report-modal__hint">{`A ${isChart ? 'chart' : 'screenshot of the dashboard'} will be sent to your email at`}</p>
      <SchedulePicker crontab={form.crontab} timezone={form.timezone} onChange={set} cronError={invalid.crontab} />
      <fieldset className="report-radios report-radios--column">
        <legend className="field__label">Message content</legend>
        {formatsFor(isChart ? 'chart' : 'dashboard').map((f) => (
          <label key={f} className="report-check">
            <input type="radio" name="report-message-content" checked={form.reportFormat === f} onChange={() => set({ reportFormat: f })} />
            {CONTENT_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field__label">Screenshot width</span>
        <input className="input" inputMode="numeric" placeholder="Input custom width in pixels" value={form.customWidth} onChange={(e) => set({ customWidth: e.target.value })} />
        {invalid.customWidth && <span className="report-field-error">{invalid.customWidth}</span>}
      </label>
      <label className="report-check">
        <input type="checkbox" checked={form.forceScreenshot} onChange={(e) => set({ forceScreenshot: e.target.checked })} />
        Ignore cache when generating report
      </label>
      <label className="field">
        <span className="field__label">Email recipients</span>
        <input className="input" value={email.target} placeholder="Comma separated email addresses" aria-invalid={Boolean(emailError)} onChange={(e) => setEmail(e.target.value)} />
        {emailError && <span className="report-field-error">{emailError}</span>}
      </label>
      {showMissing && check.missing.length > 0 && <p className="form__error" role="alert">{`${MISSING_PREFIX} ${check.missing.join(', ')}`}</p>}
      {failure && <p className="form__error" role="alert">{failure.summary}</p>}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={saving}>{reportId === null ? 'Add' : 'Save'}</button>
      </div>
    </Modal>
  );
}
