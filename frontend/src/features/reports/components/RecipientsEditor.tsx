// Notification methods of a report or alert: email (recipients, CC, BCC), Slack channels (offered from
// GET /api/v1/report/slack_channels/ when Slack is configured) and webhooks, one of each at most as
// Superset allows, with each target's validation message under its field.
import { useEffect, useId, useState } from 'react';
import { api } from '../../../api/client';
import { emptyRecipient, type RecipientDraft, type RecipientType } from '../form/reportForm';

const METHODS: [RecipientType, string][] = [
  ['Email', 'Email'],
  ['Slack', 'Slack'],
  ['Webhook', 'Webhook'],
];

function useSlackChannels(wanted: boolean) {
  const [channels, setChannels] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    api.call('report.slackChannels', { q: {} }).then(
      (answer) => live && setChannels(answer.result),
      () => live && setChannels([]),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return channels;
}

interface Props {
  recipients: RecipientDraft[];
  onChange: (next: RecipientDraft[]) => void;
  errors: Record<string, string>;
}

export function RecipientsEditor({ recipients, onChange, errors }: Props) {
  const id = useId();
  const channels = useSlackChannels(recipients.some((r) => r.type === 'Slack'));
  const used = new Set(recipients.map((r) => r.type));
  const free = METHODS.filter(([m]) => !used.has(m));
  const patch = (i: number, p: Partial<RecipientDraft>) => onChange(recipients.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const field = (i: number, key: 'target' | 'ccTarget' | 'bccTarget', label: string, placeholder: string, list?: string) => {
    const error = errors[`recipients.${i}.${key}`];
    const errorId = `${id}-${i}-${key}-error`;
    return (
      <label className="field">
        <span className="field__label">{label}</span>
        <input
          className="input"
          value={recipients[i][key]}
          placeholder={placeholder}
          list={list}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => patch(i, { [key]: e.target.value })}
        />
        {error && <span id={errorId} className="report-field-error">{error}</span>}
      </label>
    );
  };
  return (
    <div className="report-recipients">
      {recipients.map((r, i) => (
        <fieldset key={r.type} className="report-recipients__method">
          <legend className="visually-hidden">{`${r.type} notification`}</legend>
          <div className="report-recipients__head">
            <label className="field">
              <span className="field__label">Notification method</span>
              <select className="select" aria-label="Notification method" value={r.type} onChange={(e) => patch(i, { ...emptyRecipient(e.target.value as RecipientType) })}>
                {METHODS.filter(([m]) => m === r.type || !used.has(m)).map(([m, label]) => <option key={m} value={m}>{label}</option>)}
              </select>
            </label>
            {recipients.length > 1 && (
              <button type="button" className="button button--ghost button--small" aria-label={`Delete ${r.type} notification method`} onClick={() => onChange(recipients.filter((_, j) => j !== i))}>
                Remove
              </button>
            )}
          </div>
          {r.type === 'Email' && (
            <>
              {field(i, 'target', 'Email recipients', 'Comma separated email addresses')}
              {field(i, 'ccTarget', 'CC recipients', 'Comma separated email addresses')}
              {field(i, 'bccTarget', 'BCC recipients', 'Comma separated email addresses')}
            </>
          )}
          {r.type === 'Slack' && (
            <>
              {field(i, 'target', 'Slack channels', channels.length ? 'Pick or type channels, comma separated' : 'Channel names or ids, comma separated', `${id}-slack`)}
              <datalist id={`${id}-slack`}>
                {channels.map((c) => <option key={c.id} value={`#${c.name}`} label={c.id} />)}
              </datalist>
              {channels.length > 0 && (
                <div className="report-recipients__channels" role="group" aria-label="Slack channels available">
                  {channels.slice(0, 12).map((c) => (
                    <button
                      key={c.id}
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`Add Slack channel ${c.name}`}
                      onClick={() => patch(i, { target: [...r.target.split(',').map((t) => t.trim()).filter(Boolean), `#${c.name}`].filter((t, k, all) => all.indexOf(t) === k).join(', ') })}
                    >
                      #{c.name}
                    </button>
                  ))}
                </div>
              )}
            </>
          )}
          {r.type === 'Webhook' && field(i, 'target', 'Webhook URL', 'https://example.com/hook')}
        </fieldset>
      ))}
      {free.length > 0 && (
        <button type="button" className="button button--ghost button--small" onClick={() => onChange([...recipients, emptyRecipient(free[0][0])])}>
          + Add another notification method
        </button>
      )}
    </div>
  );
}
