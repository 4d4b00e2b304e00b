// Control validators with the spec's messages (§5). Each returns a message or false.
import type { ControlValidator } from './types';

export const MSG_INTEGER = 'is expected to be an integer';
export const MSG_NUMBER = 'is expected to be a number';
export const MSG_POSITIVE_INTEGER = 'is expected to be a positive integer';
export const MSG_MAX_VALUE = 'Value cannot exceed %s';
export const MSG_NON_EMPTY = 'cannot be empty';
export const MSG_INVALID_ORDERBY = 'Found invalid orderby options';

export function formatMessage(template: string, ...args: unknown[]): string {
  let i = 0;
  return template.replace(/%s/g, () => String(args[i++]));
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** Integer check: blank passes (a separate non-empty check catches it). */
export const validateInteger: ControlValidator = (v) => {
  if (isBlank(v)) return false;
  const n = Number(v);
  return typeof v === 'boolean' || !Number.isInteger(n) ? MSG_INTEGER : false;
};

export const validateNumber: ControlValidator = (v) => {
  if (isBlank(v)) return false;
  return typeof v === 'boolean' || Number.isNaN(Number(v)) ? MSG_NUMBER : false;
};

/** Row and series limits: integers above zero. */
export const validatePositiveInteger: ControlValidator = (v, formData) => {
  const asInteger = validateInteger(v, formData);
  if (asInteger || isBlank(v)) return asInteger;
  return Number(v) > 0 ? false : MSG_POSITIVE_INTEGER;
};

export function validateMaxValue(max: number): ControlValidator {
  return (v) => (!isBlank(v) && Number(v) > max ? formatMessage(MSG_MAX_VALUE, max) : false);
}

/** 'cannot be empty' for null, undefined, an empty string or an empty array. */
export const validateNonEmpty: ControlValidator = (v) =>
  isBlank(v) || (Array.isArray(v) && v.length === 0) ? MSG_NON_EMPTY : false;

/** Raw-mode ordering entries are JSON `[column, ascending]` pairs. */
export const validateOrderBy: ControlValidator = (v) => {
  for (const entry of Array.isArray(v) ? v : isBlank(v) ? [] : [v]) {
    try {
      const parsed = typeof entry === 'string' ? JSON.parse(entry) : entry;
      if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== 'boolean') return MSG_INVALID_ORDERBY;
    } catch {
      return MSG_INVALID_ORDERBY;
    }
  }
  return false;
};

/**
 * A metric expression as the spec allows it: optional LONG, DOUBLE or FLOAT prefix, then SUM, AVG,
 * MAX, MIN or COUNT, then a column name in parentheses. Returns the parts, or null when it does not match.
 */
export function parseMetricExpression(expression: string): { prefix?: string; aggregate: string; column: string } | null {
  const m = /^\s*(LONG|DOUBLE|FLOAT)?\s*(SUM|AVG|MAX|MIN|COUNT)\s*\(\s*([A-Za-z_][\w.]*|"[^"]+"|`[^`]+`)\s*\)\s*$/i.exec(expression);
  if (!m) return null;
  return { ...(m[1] ? { prefix: m[1].toUpperCase() } : {}), aggregate: m[2].toUpperCase(), column: m[3].replace(/^["`]|["`]$/g, '') };
}
