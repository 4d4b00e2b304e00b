// The specialised error views (spec sqllab.md and charts-dashboards-reports.md, section 8), chosen by
// the server's error_type: each names the problem and says what to do next. An error type without a
// view gets the generic 'Unexpected error' of ErrorMessage.
import type { ReactNode } from 'react';
import type { SupersetErrorItem } from '../../../../shared/errors';
import { ISSUE_CODES } from '../../../../shared/errors';
import type { ErrorMessageProps } from './types';

export interface View {
  title: string;
  level: 'warning' | 'error';
  body: (e: SupersetErrorItem | undefined, props: ErrorMessageProps) => ReactNode;
}

const extraOf = (e: SupersetErrorItem | undefined) => (e?.extra ?? {}) as Record<string, unknown>;

function issueList(e: SupersetErrorItem | undefined) {
  const codes = (extraOf(e).issue_codes as { code: number; message?: string }[] | undefined) ?? [];
  if (!codes.length) return null;
  return (
    <ul className="error-box__issues">
      {codes.map((c) => (
        <li key={c.code}>
          Issue {c.code} - {c.message ?? ISSUE_CODES[c.code as keyof typeof ISSUE_CODES] ?? ''}
        </li>
      ))}
    </ul>
  );
}

/** The line of SQL a syntax error points at, with a caret under the column. */
function SyntaxPosition({ sql, line, column }: { sql?: string; line?: number; column?: number }) {
  if (!sql || !line) return null;
  const text = sql.split('\n')[line - 1];
  if (text === undefined) return null;
  return (
    <pre className="error-box__position" aria-label={`Error at line ${line}${column ? `, column ${column}` : ''}`}>
      {`${line} | ${text}\n`}
      {column ? `${' '.repeat(String(line).length + 3 + column - 1)}^` : ''}
    </pre>
  );
}

const TIMEOUT: View = {
  title: 'Timeout error',
  level: 'error',
  body: (e, p) => (
    <>
      <p>{e?.message ?? p.message}</p>
      {issueList(e)}
      <p className="error-box__hint">Try a smaller time range, fewer rows (limit), or run the query asynchronously.</p>
    </>
  ),
};

export const ERROR_VIEWS: Record<string, View> = {
  SYNTAX_ERROR: {
    title: 'Syntax error',
    level: 'error',
    body: (e, p) => {
      const x = extraOf(e);
      const line = Number(x.line ?? x.lineno) || undefined;
      // The server gives the 1-based column of the error in its line as `position`.
      const column = Number(x.column ?? x.position ?? x.position_column ?? x.col) || undefined;
      return (
        <>
          <p>{e?.message ?? p.message}</p>
          {line ? <p className="error-box__meta">At line {line}{column ? `, column ${column}` : ''}</p> : null}
          <SyntaxPosition sql={p.sql} line={line} column={column} />
        </>
      );
    },
  },
  SQLLAB_TIMEOUT_ERROR: TIMEOUT,
  BACKEND_TIMEOUT_ERROR: TIMEOUT,
  CONNECTION_DATABASE_TIMEOUT: TIMEOUT,
  DML_NOT_ALLOWED_ERROR: {
    title: 'DML not allowed',
    level: 'error',
    body: (e, p) => (
      <>
        <p>{e?.message ?? p.message}</p>
        <p className="error-box__hint">This database only allows reading. Ask an admin to enable DML for it, or run a SELECT.</p>
      </>
    ),
  },
  MISSING_TEMPLATE_PARAMS_ERROR: {
    title: 'Missing template parameter(s)',
    level: 'warning',
    body: (e, p) => {
      const missing = (extraOf(e).undefined_parameters as string[] | undefined) ?? [];
      return (
        <>
          <p>{e?.message ?? p.message}</p>
          {missing.length > 0 && (
            <p>
              Missing: {missing.map((m) => <code key={m}>{m}</code>).reduce<ReactNode[]>((acc, n, i) => (i ? [...acc, ', ', n] : [n]), [])}
            </p>
          )}
          <p className="error-box__hint">Set them as JSON under Parameters in the editor toolbar.</p>
        </>
      );
    },
  },
  INVALID_TEMPLATE_PARAMS_ERROR: {
    title: 'Invalid template parameters',
    level: 'warning',
    body: (e, p) => (
      <>
        <p>{e?.message ?? p.message}</p>
        <p className="error-box__hint">Open Parameters in the editor toolbar and fix the JSON object.</p>
      </>
    ),
  },
  TABLE_DOES_NOT_EXIST_ERROR: {
    title: 'Table does not exist',
    level: 'error',
    body: (e, p) => {
      const x = extraOf(e);
      const line = Number(x.line) || undefined;
      return (
        <>
          <p className="error-box__message">{e?.message ?? p.message}</p>
          <SyntaxPosition sql={p.sql} line={line} column={Number(x.position) || undefined} />
          <p className="error-box__hint">Check the schema selector and the table name.</p>
        </>
      );
    },
  },
  FRONTEND_NETWORK_ERROR: {
    title: 'Network error',
    level: 'warning',
    body: () => (
      <>
        <p>The query could not be sent: the server cannot be reached.</p>
        <p className="error-box__hint">Your SQL is kept in this browser. Check your connection and run the query again once it is back.</p>
      </>
    ),
  },
  COLUMN_DOES_NOT_EXIST_ERROR: {
    title: 'Column does not exist',
    level: 'error',
    body: (e, p) => <p>{e?.message ?? p.message}</p>,
  },
};

