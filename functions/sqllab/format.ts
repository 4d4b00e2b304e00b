// POST /api/v1/sqllab/format_sql/: the SQL formatted in the database's dialect. Template tags are
// declared as parameters so the formatter keeps `{{ name }}` intact instead of splitting the braces.
import { format, type SqlLanguage } from 'sql-formatter';
import { SupersetError } from '../../shared/errors';
import type { FormatSqlBody } from '../../shared/routes/sqllab';
import { engineFor } from '../databases/engines';
import { specByName } from '../engines/registry';
import { getDatabaseForUser } from '../databases/access';
import { assertSqlLength } from '../engines/safety';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';

export function formatInDialect(sql: string, language: SqlLanguage): string {
  try {
    return format(sql, {
      language,
      keywordCase: 'upper',
      paramTypes: { custom: [{ regex: String.raw`\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}` }] },
    });
  } catch (error) {
    // sql-formatter appends its whole parser trace (hundreds of KB); the first line says what is wrong.
    const reason = String((error as Error).message).split('\n')[0].slice(0, 500);
    throw new SupersetError('INVALID_SQL_ERROR', `The SQL could not be formatted: ${reason}`);
  }
}

export async function formatSql(ports: Ports, user: Identity, body: FormatSqlBody): Promise<{ result: string }> {
  requirePermission(user, 'can_read', 'SQLLab', 'QUERY_SECURITY_ACCESS_ERROR');
  assertSqlLength(body.sql);
  let language: SqlLanguage = (body.engine && specByName(body.engine)?.dialect.formatterLanguage) || 'sql';
  if (body.database_id) {
    const db = await getDatabaseForUser(ports, user, body.database_id);
    language = (await engineFor(db)).dialect.formatterLanguage;
  }
  return { result: formatInDialect(body.sql, language) };
}
