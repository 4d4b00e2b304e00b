// Finding "the statement under the cursor" for Ctrl/Cmd+Enter. Only statement boundaries are needed
// here (what text to send); whether the SQL is safe is the server's parsed-tree decision, not ours.

export interface StatementRange {
  from: number;
  to: number;
  text: string;
}

/** Splits on semicolons that are outside quotes, identifiers and comments. */
export function splitStatements(sql: string): StatementRange[] {
  const out: StatementRange[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const raw = sql.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text) out.push({ from: start + lead, to: start + lead + text.length, text });
  };
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? sql.length : nl + 1;
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === c && sql[j + 1] === c) j += 2; // doubled quote escapes itself
        else if (sql[j] === c) break;
        else j++;
      }
      i = j + 1;
    } else if (c === ';') {
      push(i);
      start = i + 1;
      i++;
    } else i++;
  }
  push(sql.length);
  return out;
}

/** Comment-only chunks (e.g. the new-tab warning) are not statements worth running. */
const isOnlyComments = (text: string) => text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim() === '';

/** The statement containing the cursor; between statements, the one just before it. */
export function statementAt(sql: string, cursor: number): StatementRange | null {
  const statements = splitStatements(sql).filter((s) => !isOnlyComments(s.text));
  if (!statements.length) return null;
  let best = statements[0];
  for (const s of statements) {
    if (s.from <= cursor) best = s;
    if (cursor >= s.from && cursor <= s.to + 1) return s;
  }
  return best;
}
