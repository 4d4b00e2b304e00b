// DuckDB errors -> the spec's error types. DuckDB reports no codes, only '<Kind> Error: text' with an
// optional 'LINE n:' excerpt and a caret under the failing token; both are read from the message.
import type { SupersetError } from '../../../shared/errors';
import { engineError, isSupersetError, messageOf } from '../issues';

const ENGINE = 'DuckDB';

interface DuckDbMessage {
  kind: string;
  text: string;
  line?: number;
  column?: number;
}

/** Splits 'Binder Error: text\n\nLINE 2: excerpt\n      ^' into its kind, text and caret position. */
export function parseDuckDbMessage(original: string): DuckDbMessage {
  const message = original.replace(/^Failed to extract statements: /, '');
  const colon = message.indexOf(' Error: ');
  const kind = colon > 0 && colon < 40 ? message.slice(0, colon) : '';
  const body = kind ? message.slice(colon + ' Error: '.length) : message;
  const lines = body.split('\n');
  const lineIndex = lines.findIndex((line) => line.startsWith('LINE '));
  const text = (lineIndex >= 0 ? lines.slice(0, lineIndex) : lines).join('\n').trim();
  if (lineIndex < 0) return { kind, text };
  const header = lines[lineIndex];
  const prefixEnd = header.indexOf(': ') + 2;
  const line = Number(header.slice(5, prefixEnd - 2));
  const caret = lines[lineIndex + 1]?.indexOf('^') ?? -1;
  // DuckDB may elide the start of a long line as '...'; the caret is then relative to the excerpt.
  const column = caret >= prefixEnd ? caret - prefixEnd + 1 : undefined;
  return { kind, text, line: Number.isFinite(line) ? line : undefined, column };
}

// 'Table with name "x" does not exist!' (quotes vary by version); never the 'Did you mean "y"' hint.
const quoted = (text: string) => {
  const named = /with name "?(.+?)"? does not exist/.exec(text)?.[1];
  return named ?? /"([^"]+)"/.exec(text.split('\n')[0])?.[1];
};

export function classifyDuckDb(error: unknown): SupersetError {
  if (isSupersetError(error)) return error;
  const raw = messageOf(error);
  const { kind, text, line, column } = parseDuckDbMessage(raw);
  const position = line !== undefined ? { line, position: column ?? null } : {};
  if (kind === 'Parser') {
    return engineError(ENGINE, 'SYNTAX_ERROR', `DuckDB could not parse the query: ${text}`, position);
  }
  if (kind === 'Permission' || (kind === 'Invalid Input' && text.includes('configuration has been locked'))) {
    // A security refusal (403), not an engine failure: retrying or rewording will not help.
    return engineError(ENGINE, 'QUERY_SECURITY_ACCESS_ERROR', `This database does not allow access to files, other databases, extensions or settings. ${text}`, {
      ...position,
      sandbox: true,
    });
  }
  if (kind === 'Catalog' && /Schema with name|because schema/.test(text)) {
    const schema = /schema "?([^"\s!]+)"? does not exist/i.exec(text)?.[1] ?? quoted(text);
    return engineError(ENGINE, 'SCHEMA_DOES_NOT_EXIST_ERROR', `The schema "${schema}" does not exist. ${text}`, { ...position, schema });
  }
  if (kind === 'Catalog' && /^Table( Function)? with name/.test(text)) {
    const table = quoted(text);
    return engineError(ENGINE, 'TABLE_DOES_NOT_EXIST_ERROR', `The table "${table}" does not exist. ${text}`, { ...position, table });
  }
  if (kind === 'Binder' && /Referenced column .* not found|column .* does not exist/i.test(text)) {
    const column = quoted(text);
    return engineError(ENGINE, 'COLUMN_DOES_NOT_EXIST_ERROR', `We can't seem to resolve the column "${column}". ${text}`, { ...position, column });
  }
  return engineError(ENGINE, 'GENERIC_DB_ENGINE_ERROR', `${ENGINE} Error: ${kind ? `${kind} Error: ` : ''}${text}`, position);
}
