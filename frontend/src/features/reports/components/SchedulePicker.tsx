// The schedule of a report or alert: a friendly picker (every minute / hour / day / week / month and
// when) that writes the cron text, the raw cron field itself, the time zone, and a live preview of the
// schedule in words with its next runs in that time zone (croner, as the scheduler computes them).
import { useId, useMemo } from 'react';
import { FREQUENCIES, WEEKDAYS, formatRun, parseCron, schedulePreview, toCron, type Frequency, type PickerState } from '../form/cronPicker';

const ZONES: string[] = (() => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
})();

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);
const two = (n: number) => String(n).padStart(2, '0');

interface Props {
  crontab: string;
  timezone: string;
  onChange: (next: { crontab?: string; timezone?: string }) => void;
  cronError?: string;
  nowMs?: number;
}

export function SchedulePicker({ crontab, timezone, onChange, cronError, nowMs }: Props) {
  const id = useId();
  const picker = useMemo(() => parseCron(crontab), [crontab]);
  const preview = useMemo(() => schedulePreview(crontab, timezone, nowMs ?? Date.now()), [crontab, timezone, nowMs]);
  const set = (patch: Partial<PickerState>) => {
    const cron = toCron({ ...picker, ...patch });
    if (cron !== null) onChange({ crontab: cron });
  };
  const setFrequency = (frequency: Frequency) => {
    if (frequency === 'custom') return onChange({ crontab: crontab.trim() ? crontab : '0 9 * * *' });
    set({ frequency });
  };
  const { frequency } = picker;
  const timeFields = frequency !== 'minute' && frequency !== 'custom';
  return (
    <div className="report-schedule">
      <div className="report-schedule__row">
        <label className="field">
          <span className="field__label">Frequency</span>
          <select className="select" aria-label="Frequency" value={frequency} onChange={(e) => setFrequency(e.target.value as Frequency)}>
            {FREQUENCIES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
        {frequency === 'month' && (
          <label className="field">
            <span className="field__label">Day of month</span>
            <select className="select" aria-label="Day of month" value={picker.monthDay} onChange={(e) => set({ monthDay: Number(e.target.value) })}>
              {range(31, 1).map((d) => <option key={d} value={d}>{d}</option>)}
            </select>
          </label>
        )}
        {timeFields && frequency !== 'hour' && (
          <label className="field">
            <span className="field__label">Hour</span>
            <select className="select" aria-label="Hour" value={picker.hour} onChange={(e) => set({ hour: Number(e.target.value) })}>
              {range(24).map((h) => <option key={h} value={h}>{two(h)}</option>)}
            </select>
          </label>
        )}
        {timeFields && (
          <label className="field">
            <span className="field__label">{frequency === 'hour' ? 'Minute past the hour' : 'Minute'}</span>
            <select className="select" aria-label={frequency === 'hour' ? 'Minute past the hour' : 'Minute'} value={picker.minute} onChange={(e) => set({ minute: Number(e.target.value) })}>
              {range(60).map((m) => <option key={m} value={m}>{two(m)}</option>)}
            </select>
          </label>
        )}
      </div>
      {frequency === 'week' && (
        <fieldset className="report-schedule__days">
          <legend className="field__label">Days of the week</legend>
          {WEEKDAYS.map((day, i) => (
            <label key={day} className="report-check">
              <input
                type="checkbox"
                checked={picker.weekdays.includes(i)}
                onChange={(e) => set({ weekdays: e.target.checked ? [...picker.weekdays, i] : picker.weekdays.filter((d) => d !== i) })}
              />
              {day.slice(0, 3)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="report-schedule__row">
        <label className="field report-schedule__cron">
          <span className="field__label">CRON expression</span>
          <input
            className="input"
            value={crontab}
            spellCheck={false}
            aria-invalid={Boolean(cronError || preview.error)}
            aria-describedby={`${id}-preview`}
            onChange={(e) => onChange({ crontab: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">Timezone</span>
          <select className="select" aria-label="Timezone" value={timezone} onChange={(e) => onChange({ timezone: e.target.value })}>
            {(ZONES.includes(timezone) ? ZONES : [timezone, ...ZONES]).map((z) => <option key={z} value={z}>{z}</option>)}
          </select>
        </label>
      </div>
      <div id={`${id}-preview`} className="report-schedule__preview" role="status" aria-label="Schedule preview">
        {preview.error || cronError ? (
          <span className="report-field-error">{cronError ?? `Invalid crontab: ${preview.error}`}</span>
        ) : (
          <>
            <strong>{preview.words}</strong> ({timezone})
            {preview.next.length > 0 && <span className="report-schedule__next">Next runs: {preview.next.map((t) => formatRun(t, timezone)).join(' · ')}</span>}
          </>
        )}
      </div>
    </div>
  );
}
