// Expression check on the Trino grammar (dt-sql-parser), Athena's dialect: the wrapped SELECT must be
// exactly the frame (no WITH, ORDER BY, LIMIT, GROUP BY, extra select items, alias) with one
// expression, and hold no second query specification (a sub-query) anywhere.
import type { ParseError } from 'dt-sql-parser';
import { TrinoSQL } from 'dt-sql-parser/dist/parser/trino';
import { notExpression, PLACEHOLDER_TABLE, subquery, wrapExpression, type ExpressionKind, type ExpressionVerdict } from '../expressionShape';

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

export function checkTrinoExpression(expression: string, kind: ExpressionKind): ExpressionVerdict {
  const errors: ParseError[] = [];
  const program = parser.parse(wrapExpression(expression, kind), (error) => errors.push(error)) as unknown as RuleNode;
  if (errors.length > 0) return { ok: false, reason: 'syntax', message: `The expression could not be parsed: ${errors[0].message}` };
  const spec = descend(program, ['Statements', 'SingleStatement', 'StatementDefault', 'RootQuery', 'QueryStatement', 'QueryNoWith', 'QueryTermDefault', 'QueryPrimaryDefault', 'QuerySpecification']);
  if (!spec) return notExpression();
  if (count(program, 'QuerySpecification') > 1) return subquery();
  const clauses = rules(spec);
  if (clauses.map(name).join() !== CLAUSE_BY_KIND[kind].join()) return notExpression();
  if (clauses[1].getText() !== PLACEHOLDER_TABLE) return notExpression();
  const items = rules(clauses[0]);
  if (items.length !== 1) return notExpression();
  // "x AS y" / "x y" adds an identifier beside the expression.
  if ((kind === 'column' || kind === 'metric') && rules(items[0]).length !== 1) return notExpression();
  return { ok: true };
}
