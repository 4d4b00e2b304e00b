// Number formatting as Superset's NumberFormatterRegistry: d3-format specifiers plus the named
// formatters the Y axis format control offers (SMART_NUMBER adaptive, durations, currency).
import { formatLocale, type FormatLocaleObject } from 'd3-format';
import { formatDuration } from './duration';

export const SMART_NUMBER = 'SMART_NUMBER';
export const SMART_NUMBER_SIGNED = 'SMART_NUMBER_SIGNED';
export const DURATION = 'DURATION';
export const DURATION_SUB = 'DURATION_SUB';
export const DEFAULT_NUMBER_FORMAT = SMART_NUMBER;

export type NumberFormatter = (value: number | null | undefined) => string;

// Superset's locale: a plain hyphen for negatives (d3-format 3 defaults to U+2212), dollars for $.
const LOCALE = formatLocale({ decimal: '.', thousands: ',', grouping: [3], currency: ['$', ''], minus: '-' });
const d3Format = LOCALE.format;

const siFormatter = d3Format('.3~s');
const float2 = d3Format('.2~f');
const float4 = d3Format('.4~f');

/** Superset's adaptive formatter: SI above 1000 (G shown as B), 2 decimals above 1, 4 below, µ tiny. */
function smartNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1000) return siFormatter(value).replace('G', 'B');
  if (abs >= 1) return float2(value);
  if (abs >= 0.001) return float4(value);
  if (abs > 0.000001) return `${siFormatter(value * 1_000_000)}µ`;
  return siFormatter(value);
}

function wrap(fn: (v: number) => string): NumberFormatter {
  // Superset prints null/undefined/NaN as their string form rather than throwing.
  return (value) => (value === null || value === undefined || Number.isNaN(value) ? `${value}` : fn(Number(value)));
}

const cache = new Map<string, NumberFormatter>();

function build(spec: string): NumberFormatter {
  switch (spec) {
    case SMART_NUMBER:
      return wrap(smartNumber);
    case SMART_NUMBER_SIGNED:
      return wrap((v) => (v > 0 ? `+${smartNumber(v)}` : smartNumber(v)));
    case DURATION:
      return wrap((v) => formatDuration(v));
    case DURATION_SUB:
      return wrap((v) => formatDuration(v, { subMilliseconds: true }));
    default: {
      let fn: (n: number) => string;
      try {
        fn = d3Format(spec);
      } catch {
        // An invalid specifier shows the value and the reason instead of breaking the chart.
        return wrap((v) => `${v} (Invalid format: ${spec})`);
      }
      return wrap(fn);
    }
  }
}

/** A formatter for a Y axis format value; empty, null or 'adaptive' means SMART_NUMBER. */
export function getNumberFormatter(spec?: string | null): NumberFormatter {
  const key = spec && spec !== 'adaptive' ? spec : SMART_NUMBER;
  let fn = cache.get(key);
  if (!fn) {
    fn = build(key);
    cache.set(key, fn);
  }
  return fn;
}

export function formatNumber(spec: string | null | undefined, value: number | null | undefined): string {
  return getNumberFormatter(spec)(value);
}

export interface Currency {
  symbol: string;
  symbolPosition?: 'prefix' | 'suffix';
}

/** Currency formatting as Superset's CurrencyFormatter: the symbol of an ISO code around a d3 format. */
export function getCurrencyFormatter(currency: Currency, spec?: string | null): NumberFormatter {
  const base = getNumberFormatter(spec);
  const symbol = currencySymbol(currency.symbol);
  return (value) => {
    if (value === null || value === undefined || Number.isNaN(value)) return `${value}`;
    const text = base(value);
    return currency.symbolPosition === 'suffix' ? `${text} ${symbol}` : `${symbol}${text}`;
  };
}

function currencySymbol(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

export type { FormatLocaleObject };
