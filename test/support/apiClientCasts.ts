// Finds type assertions on typed API client calls (api.call / api.raw / api.url): a cast inside a
// call's arguments, or on its result, hides a field the route table does not declare (issue 8).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const CLIENT_METHODS = new Set(['call', 'raw', 'url']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isClientCall = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  ts.isIdentifier(node.expression.expression) &&
  node.expression.expression.text === 'api' &&
  CLIENT_METHODS.has(node.expression.name.text);

const isCast = (node: ts.Node) => ts.isAsExpression(node) || ts.isTypeAssertionExpression(node);

/** The cast wrapping a call's result, looking through parentheses and `await`. */
function castAround(call: ts.Node): ts.Node | null {
  let node = call.parent;
  while (node && (ts.isParenthesizedExpression(node) || ts.isAwaitExpression(node))) node = node.parent;
  if (!node || !isCast(node)) return null;
  while (node.parent && isCast(node.parent)) node = node.parent; // `as unknown as T`: report it whole
  return node;
}

function castsInside(node: ts.Node, found: ts.Node[] = []): ts.Node[] {
  if (isCast(node)) found.push(node);
  node.forEachChild((child) => void castsInside(child, found));
  return found;
}

/** `file:line: text` of every cast on a client call under `dir`. */
export function apiClientCasts(dir: string, root: string): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    if (!/\bapi\.(call|raw|url)\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (isClientCall(node)) {
        const casts = [...node.arguments.flatMap((arg) => castsInside(arg)), castAround(node)].filter((c): c is ts.Node => c !== null);
        for (const cast of casts) {
          const line = source.getLineAndCharacterOfPosition(cast.getStart()).line + 1;
          out.push(`${relative(root, file)}:${line}: ${cast.getText().replace(/\s+/g, ' ').slice(0, 120)}`);
        }
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return out;
}
