// Expression check on the Trino grammar (dt-sql-parser), Athena's dialect: the wrapped SELECT must be
// exactly the frame (no WITH, ORDER BY, LIMIT, GROUP BY, extra select items, alias) with one
// expression, and hold no second query specification (a sub-query) anywhere.
import type { ParseError } from 'dt-sql-parser';
import { TrinoSQL } from 'dt-sql-parser/dist/parser/trino';
import { END_MARKER, notExpression, PLACEHOLDER_TABLE, runsPastEnd, subquery, wrapExpression, wrapWithEnd, type ExpressionKind, type ExpressionVerdict } from '../expressionShape';

interface RuleNode {
  constructor: { name: string };
  children?: RuleNode[] | null;
  getText(): string;
}

const parser = new TrinoSQL();
const name = (node: RuleNode) => node.constructor.name.replace(/Context$/, '');
const rules = (node: RuleNode) => (node.children ?? []).filter((child) => name(child) !== 'TerminalNode');

/** The single child rule of a chain of one-child rules, named in order. */
function descend(node: RuleNode | undefined, path: string[]): RuleNode | undefined {
  let at = node;
  for (const step of path) {
    const children = at ? rules(at) : [];
    if (children.length !== 1 || name(children[0]) !== step) return undefined;
    at = children[0];
  }
  return at;
}

function count(node: RuleNode, rule: string): number {
  let total = name(node) === rule ? 1 : 0;
  for (const child of node.children ?? []) total += count(child, rule);
  return total;
}

const CLAUSE_BY_KIND: Record<ExpressionKind, string[]> = {
  column: ['SelectList', 'RelationDefault'],
  metric: ['SelectList', 'RelationDefault'],
  where: ['SelectList', 'RelationDefault', 'WhereClause'],
  having: ['SelectList', 'RelationDefault', 'HavingClause'],
};

/** The query specification of a parse that is exactly one plain SELECT over the placeholder, or undefined. */
function querySpecification(sql: string): { program: RuleNode; spec: RuleNode } | { error: string } | undefined {
  const errors: ParseError[] = [];
  const program = parser.parse(sql, (error) => errors.push(error)) as unknown as RuleNode;
  if (errors.length > 0) return { error: errors[0].message };
  const spec = descend(program, ['Statements', 'SingleStatement', 'StatementDefault', 'RootQuery', 'QueryStatement', 'QueryNoWith', 'QueryTermDefault', 'QueryPrimaryDefault', 'QuerySpecification']);
  return spec ? { program, spec } : undefined;
}

/** `SELECT (fragment), <marker> FROM placeholder` came back as exactly that. */
function endsWhereItSeems(expression: string): boolean {
  const parsed = querySpecification(wrapWithEnd(expression));
  if (!parsed || 'error' in parsed) return false;
  const clauses = rules(parsed.spec);
  if (clauses.map(name).join() !== 'SelectList,RelationDefault' || clauses[1].getText() !== PLACEHOLDER_TABLE) return false;
  const items = rules(clauses[0]);
  return items.length === 2 && rules(items[0]).length === 1 && rules(items[1]).length === 1 && items[1].getText() === END_MARKER;
}

export function checkTrinoExpression(expression: string, kind: ExpressionKind): ExpressionVerdict {
  const parsed = querySpecification(wrapExpression(expression, kind));
  if (parsed && 'error' in parsed) return { ok: false, reason: 'syntax', message: `The expression could not be parsed: ${parsed.error}` };
  if (!parsed) return notExpression();
  const { program, spec } = parsed;
  if (count(program, 'QuerySpecification') > 1) return subquery();
  const clauses = rules(spec);
  if (clauses.map(name).join() !== CLAUSE_BY_KIND[kind].join()) return notExpression();
  if (clauses[1].getText() !== PLACEHOLDER_TABLE) return notExpression();
  const items = rules(clauses[0]);
  if (items.length !== 1) return notExpression();
  // "x AS y" / "x y" adds an identifier beside the expression.
  if ((kind === 'column' || kind === 'metric') && rules(items[0]).length !== 1) return notExpression();
  if (!endsWhereItSeems(expression)) return runsPastEnd();
  return { ok: true };
}
