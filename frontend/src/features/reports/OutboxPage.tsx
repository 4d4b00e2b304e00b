// /report/outbox/ (Admins, local cloud): the emails the local SES v2 endpoint kept, newest first, so
// report deliveries can be checked without a mail server.
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { EmptyState } from '../../app/EmptyState';
import { PageHeader } from '../../app/PageHeader';

interface Kept {
  id: string;
  sentAt: string;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  attachments: string[];
}

export default function OutboxPage() {
  const [rows, setRows] = useState<Kept[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .call('report.outbox')
      .then((answer) => setRows(answer.result as Kept[]))
      .catch((e: { message?: string }) => setError(e.message ?? 'The outbox could not be loaded.'));
  }, []);
  return (
    <div className="page">
      <PageHeader title="Email outbox" subtitle={rows ? `${rows.length} message${rows.length === 1 ? '' : 's'}` : undefined} />
      {error && <p className="form__error" role="alert">{error}</p>}
      {rows && rows.length === 0 ? (
        <EmptyState headingLevel={2} title="No emails sent yet" message="Report and alert emails sent by the local cloud appear here." />
      ) : (
        <div className="panel">
          <table className="simple-table" aria-label="Sent emails">
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Attachments</th>
              </tr>
            </thead>
            <tbody>
              {(rows ?? []).map((m) => (
                <tr key={m.id}>
                  <td>{new Date(m.sentAt).toLocaleString()}</td>
                  <td>{[...m.to, ...m.cc].join(', ')}</td>
                  <td>{m.subject}</td>
                  <td>{m.attachments.join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
