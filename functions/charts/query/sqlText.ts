// Lexical helpers for user SQL fragments (adhoc expressions, extras.where): comments out, separators
// found. Strings, quoted identifiers and dollar quotes are kept as they are.

export interface ScannedFragment {
  /** The text with every comment replaced by one space, trimmed. */
  text: string;
  /** True when a ';' stands outside strings and comments (statement stacking). */
  hasSeparator: boolean;
  /** True when the text held a comment (row level security clauses refuse them). */
  hasComment: boolean;
}

function quotedEnd(sql: string, from: number, quote: string): number {
  let i = from + 1;
  while (i < sql.length) {
    if (sql[i] === quote && sql[i + 1] === quote) i += 2;
    else if (sql[i] === quote) return i + 1;
    else i += 1;
  }
  return i;
}

function blockCommentEnd(sql: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return i;
}

export function scanFragment(sql: string): ScannedFragment {
  let out = '';
  let hasSeparator = false;
  let hasComment = false;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "'" || ch === '"' || ch === '`') {
      const end = quotedEnd(sql, i, ch);
      out += sql.slice(i, end);
      i = end;
    } else if (ch === '$' && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? '')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64))?.[0];
      if (!tag) {
        out += ch;
        i += 1;
        continue;
      }
      const close = sql.indexOf(tag, i + tag.length);
      const end = close < 0 ? sql.length : close + tag.length;
      out += sql.slice(i, end);
      i = end;
    } else if (sql.startsWith('--', i)) {
      const newline = sql.indexOf('\n', i);
      i = newline < 0 ? sql.length : newline + 1;
      out += ' ';
      hasComment = true;
    } else if (sql.startsWith('/*', i)) {
      i = blockCommentEnd(sql, i);
      out += ' ';
      hasComment = true;
    } else {
      if (ch === ';') hasSeparator = true;
      out += ch;
      i += 1;
    }
  }
  return { text: out.trim(), hasSeparator, hasComment };
}
