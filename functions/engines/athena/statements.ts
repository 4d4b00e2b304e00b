// Statement classification on the Trino grammar (dt-sql-parser's ANTLR parser), Athena's SQL dialect:
// each top-level statement's parse-tree node names what it is.
// The Trino module only: the package root loads every dialect (7 MB), and Lambda functions take this
// path from the engine parsers layer (infra/aws/bundleOptions.ts).
import { TrinoSQL } from 'dt-sql-parser/dist/parser/trino';
import type { ParseError } from 'dt-sql-parser';
import { engineError } from '../issues';
import { assertSqlLength } from '../safety';
import type { ParsedStatement, StatementKind } from '../types';

type Classified = { kind: StatementKind; mutates: boolean };

// Grammar alternatives of `statement` (TrinoSqlParser's *Context classes, without the suffix).
const BY_NODE: Record<string, Classified> = {
  StatementDefault: { kind: 'select', mutates: false },
  InsertInto: { kind: 'insert', mutates: true },
  Update: { kind: 'update', mutates: true },
  Delete: { kind: 'delete', mutates: true },
  TruncateTable: { kind: 'delete', mutates: true },
  Merge: { kind: 'merge', mutates: true },
  SetSession: { kind: 'set', mutates: true },
  ResetSession: { kind: 'set', mutates: true },
  SetRole: { kind: 'set', mutates: true },
  SetPath: { kind: 'set', mutates: true },
  SetTimeZone: { kind: 'set', mutates: true },
  SetSessionAuthorization: { kind: 'set', mutates: true },
  ResetSessionAuthorization: { kind: 'set', mutates: true },
  Use: { kind: 'set', mutates: true },
  Explain: { kind: 'other', mutates: false },
  StartTransaction: { kind: 'other', mutates: false },
  Commit: { kind: 'other', mutates: false },
  Rollback: { kind: 'other', mutates: false },
  DescribeInput: { kind: 'other', mutates: false },
  DescribeOutput: { kind: 'other', mutates: false },
};

const DDL_PREFIXES = ['Create', 'Drop', 'Rename', 'Comment', 'Add', 'Set', 'Grant', 'Revoke', 'Deny', 'Refresh'];

interface RuleNode {
  constructor: { name: string };
  children?: RuleNode[] | null;
  start?: { start: number } | null;
  stop?: { stop: number } | null;
}

function classifyNode(node: RuleNode): Classified {
  const name = node.constructor.name.replace(/Context$/, '');
  if (name === 'ExplainAnalyze') {
    // EXPLAIN ANALYZE executes its statement.
    const inner = node.children?.find((child) => child.constructor.name.endsWith('Context') && child.constructor.name !== 'ExplainOptionContext');
    return { kind: 'other', mutates: inner ? classifyNode(inner).mutates : true };
  }
  if (BY_NODE[name]) return BY_NODE[name];
  if (name.startsWith('Show')) return { kind: 'other', mutates: false };
  if (DDL_PREFIXES.some((prefix) => name.startsWith(prefix))) return { kind: 'ddl', mutates: true };
  // CALL, EXECUTE, PREPARE, ANALYZE, ALTER TABLE EXECUTE...: may write.
  return { kind: 'other', mutates: true };
}

const parser = new TrinoSQL();

export function parseTrinoScript(sql: string): ParsedStatement[] {
  assertSqlLength(sql);
  const errors: ParseError[] = [];
  const program = parser.parse(sql, (error) => errors.push(error)) as unknown as RuleNode;
  if (errors.length > 0) {
    const first = errors[0];
    throw engineError('Amazon Athena', 'SYNTAX_ERROR', `The query could not be parsed: line ${first.startLine}:${first.startColumn}: ${first.message}`, {
      line: first.startLine,
      position: first.startColumn,
    });
  }
  const out: ParsedStatement[] = [];
  for (const statements of program.children ?? []) {
    for (const single of statements.children ?? []) {
      const statement = single.children?.[0];
      if (!statement?.start || !statement.stop) continue;
      const { kind, mutates } = classifyNode(statement);
      out.push({ sql: sql.slice(statement.start.start, statement.stop.stop + 1).trim(), kind, mutates, isSelect: kind === 'select' });
    }
  }
  return out;
}
