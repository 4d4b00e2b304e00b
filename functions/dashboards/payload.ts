// The save rules of spec section 5 and Superset's Dashboard schemas: untitled title, empty slug to
// null, certification cleared with its certifier, JSON fields that parse, a layout that validates
// against the charts that exist, json_metadata that is an object.
import { badRequest } from '../../shared/errors';
import { validateLayout } from '../../shared/dashboard/layout/index';
import type { Ports } from '../ports/index';
import { findCharts } from '../charts/repository';

export const UNTITLED = '[ untitled dashboard ]';

export const titleOrUntitled = (title: string | null | undefined) => (title && title.trim() ? title : UNTITLED);

/** Superset strips a slug to [\w-] and keeps null for an empty one. */
export function normalizeSlug(slug: string | null | undefined): string | null {
  if (slug === null || slug === undefined) return null;
  const cleaned = slug.trim().replace(/\s+/g, '-').replace(/[^\w-]+/g, '');
  return cleaned === '' ? null : cleaned;
}

function parseObject(field: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('JSON not valid', { messages: { [field]: ['JSON not valid'] } });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`${field} must be a JSON object`, { messages: { [field]: ['Must be a JSON object'] } });
  }
  return value as Record<string, unknown>;
}

export function checkJsonMetadata(text: string): Record<string, unknown> {
  const meta = parseObject('json_metadata', text);
  const numbers = ['refresh_frequency', 'stagger_time'] as const;
  for (const key of numbers) {
    if (meta[key] !== undefined && (typeof meta[key] !== 'number' || (meta[key] as number) < 0)) {
      throw badRequest(`${key} must be a non-negative number`, { messages: { json_metadata: [`${key} must be a non-negative number`] } });
    }
  }
  for (const key of ['native_filter_configuration', 'timed_refresh_immune_slices', 'expanded_slices'] as const) {
    const v = meta[key];
    if (key === 'expanded_slices' ? v !== undefined && (typeof v !== 'object' || v === null) : v !== undefined && !Array.isArray(v)) {
      throw badRequest(`${key} has the wrong type`, { messages: { json_metadata: [`${key} has the wrong type`] } });
    }
  }
  if (meta.filter_bar_orientation !== undefined && !['VERTICAL', 'HORIZONTAL'].includes(String(meta.filter_bar_orientation))) {
    throw badRequest('filter_bar_orientation must be VERTICAL or HORIZONTAL', { messages: { json_metadata: ['Invalid filter_bar_orientation'] } });
  }
  return meta;
}

/** Parses and validates position_json; returns the chart ids it places. */
export async function checkPositionJson(ports: Ports, text: string): Promise<number[]> {
  const layout = parseObject('position_json', text);
  const chartIds = Object.values(layout)
    .filter((v) => v && typeof v === 'object' && (v as { type?: string }).type === 'CHART')
    .map((v) => (v as { meta?: { chartId?: number } }).meta?.chartId)
    .filter((id): id is number => Number.isInteger(id));
  const existing = new Set((await findCharts(ports, chartIds)).map((c) => c.id));
  const issues = validateLayout(layout, (id) => existing.has(id));
  if (issues.length) {
    throw badRequest(`Invalid position_json: ${issues[0].message}`, { messages: { position_json: issues.map((i) => (i.id ? `${i.id}: ${i.message}` : i.message)) } });
  }
  return [...new Set(chartIds)];
}
