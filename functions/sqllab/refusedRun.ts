// A run the server accepted (the caller may use the database) whose own text was refused before it
// could start: a syntax error, a template error, the database's DML rule. Superset stores the query
// before planning it, so such runs are history too: recorded here as failed, with the error.
import { SupersetError } from '../../shared/errors';
import type { ExecuteBody } from '../../shared/routes/sqllab';
import type { DatabaseRecord } from '../databases/repository';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { offloadLargeSql } from '../queries/largeSql';
import { putQuery } from '../queries/repository';
import { newQueryRecord } from './newRecord';

export async function recordRefusedRun(
  ports: Ports,
  init: { id: number; clientId: string; db: DatabaseRecord; user: Pick<Identity, 'userId' | 'username'>; startedAt: number },
  body: Partial<ExecuteBody> & { sql: string },
  error: unknown,
): Promise<void> {
  if (!(error instanceof SupersetError)) return;
  const plan = { renderedSql: body.sql, executedSql: body.sql, limit: null, ctas: null, readOnly: true, statements: [] };
  const query = newQueryRecord(ports, { ...init, async: false, plan }, body);
  const now = ports.clock.now();
  Object.assign(query, {
    status: 'failed',
    error_message: error.message,
    errors: [error.toItem()],
    results_key: null,
    start_running_time: null,
    end_time: now,
    changed_on: now,
  });
  // A retried request (same client id) finds its record already there; the refusal answers all the same.
  await putQuery(ports, await offloadLargeSql(ports, query)).catch(() => undefined);
}
