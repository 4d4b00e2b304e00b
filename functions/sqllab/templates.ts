// Template parameters: `{{ name }}` (and dotted paths `{{ a.b }}`) replaced by values from the tab's
// templateParams JSON. Superset evaluates full Jinja; we substitute values only, so SQL text can never
// run code on the server. `{# ... #}` comments are dropped as Jinja does; `{% ... %}` blocks are
// refused rather than passed through, because the database would answer with a confusing syntax error.
import { SupersetError } from '../../shared/errors';

export type TemplateParams = Record<string, unknown>;

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Parses the tab's templateParams (JSON text, or an object from API clients). Empty means none. */
export function parseTemplateParams(raw: string | Record<string, unknown> | null | undefined): TemplateParams {
  if (raw === null || raw === undefined) return {};
  if (typeof raw === 'object') return raw;
  if (raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw invalidParams(`The template parameters are not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams('The template parameters must be a JSON object.');
  }
  return value as TemplateParams;
}

const invalidParams = (message: string) =>
  new SupersetError('INVALID_TEMPLATE_PARAMS_ERROR', message, {
    extra: { issue_codes: [{ code: 1028, message: 'Issue 1028 - One or more parameters specified in the query are malformed.' }] },
  });

function lookup(params: TemplateParams, path: string): { found: boolean; value?: unknown } {
  let current: unknown = params;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, part)) {
      return { found: false };
    }
    current = (current as Record<string, unknown>)[part];
  }
  return { found: true, value: current };
}

function render(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

export interface TemplateContext {
  username?: string;
  userId?: number;
}

// Superset's user macros are pure functions of the caller, so they are safe to offer.
const MACROS: Record<string, (ctx: TemplateContext) => unknown> = {
  'current_username()': (ctx) => ctx.username ?? '',
  'current_user_id()': (ctx) => ctx.userId ?? '',
};

/** Renders `sql`; throws MISSING_TEMPLATE_PARAMS_ERROR listing every undefined name. */
export function renderTemplate(sql: string, params: TemplateParams, ctx: TemplateContext = {}): string {
  if (!sql.includes('{')) return sql;
  const out: string[] = [];
  const undefinedNames: string[] = [];
  let i = 0;
  while (i < sql.length) {
    const open = sql.indexOf('{', i);
    if (open < 0 || open === sql.length - 1) {
      out.push(sql.slice(i));
      break;
    }
    const kind = sql[open + 1];
    const closer = kind === '{' ? '}}' : kind === '#' ? '#}' : kind === '%' ? '%}' : null;
    if (!closer) {
      out.push(sql.slice(i, open + 1));
      i = open + 1;
      continue;
    }
    const close = sql.indexOf(closer, open + 2);
    if (close < 0) {
      throw new SupersetError('INVALID_SQL_ERROR', `Unclosed template tag "${sql[open]}${kind}" at position ${open}.`, {
        extra: { position: open },
      });
    }
    out.push(sql.slice(i, open));
    const inner = sql.slice(open + 2, close).trim();
    if (kind === '%') {
      throw new SupersetError('INVALID_SQL_ERROR', `Template blocks are not supported: {% ${inner} %}`, { extra: { position: open } });
    }
    if (kind === '{') {
      const macro = MACROS[inner.replace(/\s+/g, '')];
      const hit = macro ? { found: true, value: macro(ctx) } : PATH.test(inner) ? lookup(params, inner) : { found: false };
      if (hit.found) out.push(render(hit.value));
      else if (!undefinedNames.includes(inner)) undefinedNames.push(inner);
    }
    i = close + 2;
  }
  if (undefinedNames.length) {
    const list = undefinedNames.join(', ');
    const message =
      undefinedNames.length === 1
        ? `The parameter ${list} in your query is undefined.`
        : `The following parameters in your query are undefined: ${list}.`;
    throw new SupersetError('MISSING_TEMPLATE_PARAMS_ERROR', message, {
      extra: {
        undefined_parameters: undefinedNames,
        template_parameters: params,
        issue_codes: [{ code: 1006, message: 'Issue 1006 - One or more parameters specified in the query are missing.' }],
      },
    });
  }
  return out.join('');
}
