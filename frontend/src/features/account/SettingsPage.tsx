// /settings/ (Admins): what this deployment is set to, read-only: the SQL Lab limits every run obeys
// and each database connection with its SQL Lab options.
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { PageHeader } from '../../app/PageHeader';
import { LIMITS } from '../../../../shared/constants';
import './account.css';

interface DatabaseRow {
  id: number;
  database_name: string;
  backend?: string;
  expose_in_sqllab?: boolean;
  allow_run_async?: boolean;
  allow_dml?: boolean;
  allow_ctas?: boolean;
  allow_cvas?: boolean;
}

const yes = (v: boolean | undefined) => (v ? 'Yes' : 'No');
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US')} s`;

export default function SettingsPage() {
  const [databases, setDatabases] = useState<DatabaseRow[] | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    api.call('database.list', { q: { page: 0, page_size: 100 } }).then(
      // Column selection may leave fields out of a row; one without id or name is not shown.
      (r) => setDatabases(r.result.filter((d): d is DatabaseRow => d.id !== undefined && d.database_name !== undefined)),
      () => setError(true),
    );
  }, []);
  return (
    <div className="page">
      <PageHeader title="Settings" subtitle="How this deployment runs SQL" />
      <section className="panel" aria-labelledby="settings-sqllab">
        <h2 id="settings-sqllab" className="panel__title">SQL Lab</h2>
        <dl className="details-list">
          <dt>Default row limit</dt>
          <dd>{LIMITS.defaultQueryLimit.toLocaleString('en-US')}</dd>
          <dt>Maximum rows</dt>
          <dd>{LIMITS.sqlMaxRow.toLocaleString('en-US')}</dd>
          <dt>Synchronous run time limit</dt>
          <dd>{seconds(LIMITS.syncTimeoutMs)}</dd>
          <dt>Asynchronous run time limit</dt>
          <dd>{seconds(LIMITS.asyncTimeoutMs)}</dd>
          <dt>Results kept</dt>
          <dd>{LIMITS.resultsTtlDays} days</dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="settings-databases">
        <h2 id="settings-databases" className="panel__title">Database connections</h2>
        {error && <p className="form__error" role="alert">Databases could not be loaded.</p>}
        {databases && (
          <table className="simple-table">
            <thead>
              <tr>
                <th scope="col">Database</th><th scope="col">Backend</th><th scope="col">In SQL Lab</th><th scope="col">Async</th>
                <th scope="col">DML</th><th scope="col">CTAS</th><th scope="col">CVAS</th>
              </tr>
            </thead>
            <tbody>
              {databases.map((d) => (
                <tr key={d.id}>
                  <td>{d.database_name}</td><td>{d.backend ?? '—'}</td><td>{yes(d.expose_in_sqllab)}</td><td>{yes(d.allow_run_async)}</td>
                  <td>{yes(d.allow_dml)}</td><td>{yes(d.allow_ctas)}</td><td>{yes(d.allow_cvas)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
