// The Alert/Report modal of the Alerts & Reports lists (Superset's AlertReportModal): general
// information, the alert's condition, the content, the schedule with log retention, working timeout
// and grace period, and the notification methods. Saved through POST or PUT /api/v1/report/.
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../api/client';
import { session } from '../../../auth/session';
import { Modal } from '../../../app/Modal';
import { LOG_RETENTION_CHOICES, MISSING_PREFIX, checkForm, formFromReport, newForm, toBody, type ReportForm, type ReportType } from '../form/reportForm';
import { serverErrors } from '../form/serverErrors';
import { ownerOptions, type Option } from '../state/reportLookups';
import { saveReport } from '../state/reportsStore';
import { AlertConditionFields } from './AlertConditionFields';
import { ContentFields } from './ContentFields';
import { RecipientsEditor } from './RecipientsEditor';
import { SchedulePicker } from './SchedulePicker';
import '../reports.css';

interface Props {
  type: ReportType;
  reportId: number | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

interface Labels {
  chart?: string;
  dashboard?: string;
  database?: string;
}

export function AlertReportModal({ type, reportId, onClose, onSaved }: Props) {
  const [form, setForm] = useState<ReportForm | null>(reportId === null ? newForm(type, { owners: session.userId !== null ? [session.userId] : [] }) : null);
  const [labels, setLabels] = useState<Labels>({});
  const [owners, setOwners] = useState<Option[]>([]);
  const [showMissing, setShowMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ summary: string; fields: Record<string, string> } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    ownerOptions().then(setOwners, () => setOwners([]));
    if (reportId === null) return;
    api.call('report.get', { params: { pk: reportId } }).then(
      ({ result }) => {
        setForm(formFromReport(result));
        setLabels({ chart: result.chart?.slice_name, dashboard: result.dashboard?.dashboard_title, database: result.database?.database_name });
      },
      (e: Error) => setLoadError(e.message),
    );
  }, [reportId]);

  const check = useMemo(() => (form ? checkForm(form) : null), [form]);
  const set = (patch: Partial<ReportForm>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const noun = type === 'Alert' ? 'alert' : 'report';
  const title = `${reportId === null ? 'Add' : 'Edit'} ${noun}`;

  const submit = async () => {
    if (!form || !check) return;
    if (check.missing.length || Object.keys(check.invalid).length) return setShowMissing(true);
    setSaving(true);
    setFailure(null);
    try {
      const id = await saveReport(toBody(form), reportId);
      onSaved?.(id);
      onClose();
    } catch (error) {
      setFailure(serverErrors(error));
    } finally {
      setSaving(false);
    }
  };

  if (!form || !check) {
    return (
      <Modal title={title} onClose={onClose} className="report-modal" wide>
        {loadError ? <p className="form__error" role="alert">{loadError}</p> : <p role="status">Loading…</p>}
        <div className="modal__actions"><button type="button" className="button" onClick={onClose}>Cancel</button></div>
      </Modal>
    );
  }
  const invalid = { ...check.invalid, ...(failure?.fields ?? {}) };
  return (
    <Modal title={title} onClose={onClose} onSubmit={() => void submit()} className="report-modal" wide>
      <section className="report-modal__section" aria-labelledby="report-general">
        <h3 id="report-general" className="report-modal__heading">General information</h3>
        <label className="field">
          <span className="field__label">{type === 'Alert' ? 'Alert name' : 'Report name'}</span>
          <input className="input" value={form.name} aria-required="true" aria-invalid={showMissing && !form.name.trim()} onChange={(e) => set({ name: e.target.value })} />
          {invalid.name && <span className="report-field-error">{invalid.name}</span>}
        </label>
        <label className="field">
          <span className="field__label">Owners</span>
          <select className="select report-modal__owners" multiple value={form.owners.map(String)} onChange={(e) => set({ owners: Array.from(e.target.selectedOptions, (o) => Number(o.value)) })}>
            {owners.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <input className="input" value={form.description} onChange={(e) => set({ description: e.target.value })} />
        </label>
        <label className="report-check">
          <input type="checkbox" role="switch" checked={form.active} onChange={(e) => set({ active: e.target.checked })} />
          Active
        </label>
      </section>
      {type === 'Alert' && (
        <section className="report-modal__section" aria-labelledby="report-condition">
          <h3 id="report-condition" className="report-modal__heading">Alert condition</h3>
          <AlertConditionFields form={form} set={set} databaseLabel={labels.database} />
          {invalid.sql && <span className="report-field-error">{invalid.sql}</span>}
        </section>
      )}
      <section className="report-modal__section" aria-labelledby="report-contents">
        <h3 id="report-contents" className="report-modal__heading">{type === 'Alert' ? 'Alert contents' : 'Report contents'}</h3>
        <ContentFields form={form} set={set} labels={labels} invalid={invalid} />
      </section>
      <section className="report-modal__section" aria-labelledby="report-schedule">
        <h3 id="report-schedule" className="report-modal__heading">Schedule</h3>
        <SchedulePicker crontab={form.crontab} timezone={form.timezone} onChange={set} cronError={invalid.crontab} />
        <div className="report-modal__row">
          <label className="field">
            <span className="field__label">Log retention</span>
            <select className="select" value={form.logRetention} onChange={(e) => set({ logRetention: Number(e.target.value) })}>
              {(LOG_RETENTION_CHOICES.some(([d]) => d === form.logRetention) ? LOG_RETENTION_CHOICES : [...LOG_RETENTION_CHOICES, [form.logRetention, `${form.logRetention} days`] as const]).map(([days, label]) => (
                <option key={days} value={days}>{label}</option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Working timeout (seconds)</span>
            <input className="input" type="number" min={1} value={form.workingTimeout} onChange={(e) => set({ workingTimeout: Number(e.target.value) })} />
          </label>
          {type === 'Alert' && (
            <label className="field">
              <span className="field__label">Grace period (seconds)</span>
              <input className="input" type="number" min={1} value={form.gracePeriod} onChange={(e) => set({ gracePeriod: Number(e.target.value) })} />
            </label>
          )}
        </div>
      </section>
      <section className="report-modal__section" aria-labelledby="report-notify">
        <h3 id="report-notify" className="report-modal__heading">Notification method</h3>
        <RecipientsEditor recipients={form.recipients} onChange={(recipients) => set({ recipients })} errors={invalid} />
        {form.recipients.some((r) => r.type === 'Email') && (
          <label className="field">
            <span className="field__label">Email subject</span>
            <input className="input" value={form.emailSubject} placeholder={`Defaults to the ${noun} name`} onChange={(e) => set({ emailSubject: e.target.value })} />
          </label>
        )}
      </section>
      {showMissing && check.missing.length > 0 && <p className="form__error" role="alert">{`${MISSING_PREFIX} ${check.missing.join(', ')}`}</p>}
      {showMissing && !check.missing.length && Object.keys(check.invalid).length > 0 && <p className="form__error" role="alert">Please fix the fields marked above.</p>}
      {failure && <p className="form__error" role="alert">{failure.summary}</p>}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={saving}>{reportId === null ? 'Add' : 'Save'}</button>
      </div>
    </Modal>
  );
}
