// A row level security clause is trusted by nobody: it is parsed as ONE boolean expression on the
// engine's own parse tree before it is stored and again before it is embedded (Superset's
// CVE-2025-48912 was a clause that closed the filter's parenthesis and ORed everything back in).
// Refused: a second statement, a closing parenthesis that escapes the frame, sub-queries (even where
// the dataset allows them elsewhere), comments, and whatever the engine's expression check refuses.
import { SupersetError } from '../../shared/errors';
import { checkExpression } from '../charts/query/expressions';
import { scanFragment } from '../charts/query/sqlText';
import type { EngineKind } from '../engines/types';

const invalid = (message: string, clause: string) => new SupersetError('INVALID_SQL_ERROR', message, { status: 400, extra: { kind: 'where', expression: clause } });

/** The clause as it is embedded (trimmed), or a 400 INVALID_SQL_ERROR / ADHOC_SUBQUERY_NOT_ALLOWED_ERROR. */
export async function checkRlsClause(engine: EngineKind, clause: string): Promise<string> {
  const label = 'row level security';
  if (typeof clause !== 'string') throw invalid('The row level security clause is not valid.', String(clause));
  const scanned = scanFragment(clause);
  if (scanned.hasComment) throw invalid('Comments are not allowed in a row level security clause.', clause);
  const text = await checkExpression(engine, clause, 'where', { allowSubquery: false, label });
  return text;
}
