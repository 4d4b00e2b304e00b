// Cuts a script into statement texts at top-level semicolons. This is a lexer (quotes, dollar quotes,
// comments), not a classifier: every piece is then handed to the engine's own parser, which decides
// what the statement is and rejects anything the cut got wrong.

export interface ScriptPiece {
  sql: string;
  start: number;
  end: number;
}

function skipQuoted(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslashEscapes && ch === '\\') i += 2;
    else if (ch === quote && sql[i + 1] === quote) i += 2;
    else if (ch === quote) return i + 1;
    else i += 1;
  }
  return i;
}

function skipBlockComment(sql: string, from: number): number {
  // PostgreSQL and DuckDB nest block comments.
  let depth = 0;
  let i = from;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth += 1;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return i;
}

function dollarTag(sql: string, at: number): string | null {
  const match = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(at, at + 64));
  return match ? match[0] : null;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9_]/.test(ch);

/** Where the first token at or after `from` starts: whitespace and comments skipped. */
function skipTrivia(sql: string, from: number): number {
  let i = from;
  for (;;) {
    while (i < sql.length && /\s/.test(sql[i])) i += 1;
    if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (sql.startsWith('/*', i)) i = skipBlockComment(sql, i);
    else return i;
  }
}

/**
 * The lower-cased words a statement starts with (comments and blanks skipped), up to `count`: enough
 * to name a PRAGMA, which DuckDB's json_serialize_sql cannot show as a tree.
 */
export function leadingWords(sql: string, count: number): string[] {
  const words: string[] = [];
  let i = skipTrivia(sql, 0);
  while (words.length < count && i < sql.length) {
    let end = i;
    if (sql[i] === '"') {
      end = skipQuoted(sql, i, '"', false);
      words.push(sql.slice(i + 1, end - 1).replace(/""/g, '"').toLowerCase());
    } else {
      while (end < sql.length && isWordChar(sql[end])) end += 1;
      if (end === i) break;
      words.push(sql.slice(i, end).toLowerCase());
    }
    i = skipTrivia(sql, end);
  }
  return words;
}

/**
 * The statement an EXPLAIN describes: what follows `EXPLAIN`, an optional `ANALYZE`/`ANALYSE` and an
 * optional parenthesised option list. Null when `sql` does not start with EXPLAIN. Lexing only: the
 * text returned goes to the engine's parser like any other statement.
 */
export function explainedStatement(sql: string): string | null {
  const word = (at: number, expected: string) =>
    sql.slice(at, at + expected.length).toLowerCase() === expected && !isWordChar(sql[at + expected.length]) ? at + expected.length : null;
  let i = skipTrivia(sql, 0);
  const afterExplain = word(i, 'explain');
  if (afterExplain === null) return null;
  i = skipTrivia(sql, afterExplain);
  const afterAnalyze = word(i, 'analyze') ?? word(i, 'analyse');
  if (afterAnalyze !== null) i = skipTrivia(sql, afterAnalyze);
  if (sql[i] === '(') {
    const close = sql.indexOf(')', i);
    if (close < 0) return null;
    i = skipTrivia(sql, close + 1);
  }
  return sql.slice(i);
}

/**
 * Names used as function calls: an identifier (bare or double-quoted) directly followed by '(' outside
 * strings and comments, lower-cased. Lets an engine refuse functions it cannot sandbox wherever they hide
 * (SELECT, CALL, a macro body), which a statement-level parse tree cannot always show.
 */
export function calledNames(sql: string): string[] {
  const names: string[] = [];
  let pending: string | null = null;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i += 1;
      continue;
    }
    if (ch === '-' && sql[i + 1] === '-') {
      const newline = sql.indexOf('\n', i);
      i = newline < 0 ? sql.length : newline + 1;
      continue;
    }
    if (ch === '/' && sql[i + 1] === '*') {
      i = skipBlockComment(sql, i);
      continue;
    }
    if (ch === '(' && pending !== null) names.push(pending);
    pending = null;
    if (ch === "'") i = skipQuoted(sql, i, "'", (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !isWordChar(sql[i - 2]));
    else if (ch === '"') {
      const end = skipQuoted(sql, i, '"', false);
      pending = sql.slice(i + 1, end - 1).replace(/""/g, '"').toLowerCase();
      i = end;
    } else if (ch === '$' && !isWordChar(sql[i - 1]) && dollarTag(sql, i)) {
      const tag = dollarTag(sql, i) as string;
      const close = sql.indexOf(tag, i + tag.length);
      i = close < 0 ? sql.length : close + tag.length;
    } else if (isWordChar(ch)) {
      let end = i;
      while (end < sql.length && isWordChar(sql[end])) end += 1;
      pending = sql.slice(i, end).toLowerCase();
      i = end;
    } else i += 1;
  }
  return names;
}

/** False for text made only of comments and blanks (a script's trailing note). */
function hasCode(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '-' && text[i + 1] === '-') {
      const newline = text.indexOf('\n', i);
      i = newline < 0 ? text.length : newline + 1;
    } else if (ch === '/' && text[i + 1] === '*') i = skipBlockComment(text, i);
    else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') i += 1;
    else return true;
  }
  return false;
}

export function splitScript(sql: string): ScriptPiece[] {
  const pieces: ScriptPiece[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const text = sql.slice(start, end);
    const trimmed = text.trim();
    if (trimmed && hasCode(trimmed)) {
      const offset = start + text.indexOf(trimmed);
      pieces.push({ sql: trimmed, start: offset, end: offset + trimmed.length });
    }
  };
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "'") {
      const escaped = (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !isWordChar(sql[i - 2]);
      i = skipQuoted(sql, i, "'", escaped);
    } else if (ch === '"' || ch === '`') i = skipQuoted(sql, i, ch, false);
    else if (ch === '-' && sql[i + 1] === '-') {
      const newline = sql.indexOf('\n', i);
      i = newline < 0 ? sql.length : newline + 1;
    } else if (ch === '/' && sql[i + 1] === '*') i = skipBlockComment(sql, i);
    else if (ch === '$' && !isWordChar(sql[i - 1])) {
      const tag = dollarTag(sql, i);
      if (tag) {
        const close = sql.indexOf(tag, i + tag.length);
        i = close < 0 ? sql.length : close + tag.length;
      } else i += 1;
    } else if (ch === ';') {
      push(i);
      i += 1;
      start = i;
    } else i += 1;
  }
  push(sql.length);
  return pieces;
}
