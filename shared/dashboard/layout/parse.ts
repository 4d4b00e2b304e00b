// Reading a stored position_json as a Layout. Superset writes components without a children list
// (HEADER_ID: `{id, type: 'HEADER', meta: {text}}`) and a DASHBOARD_VERSION_KEY beside the
// components, in its UI saves and in its export files; every reader treats a missing list as none.
import { DASHBOARD_VERSION_KEY, type Layout, type LayoutItem } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The components of a parsed position_json, each with a children list (empty when it had none). */
export function layoutComponents(value: Record<string, unknown>): Layout {
  const layout: Layout = {};
  for (const [id, raw] of Object.entries(value)) {
    if (id === DASHBOARD_VERSION_KEY || !isObject(raw)) continue;
    layout[id] = (raw.children === undefined ? { ...raw, children: [] } : raw) as unknown as LayoutItem;
  }
  return layout;
}

/** position_json text as a Layout; text that is not a JSON object reads as no components. */
export function parseLayoutJson(text: string | null | undefined): Layout {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? layoutComponents(value) : {};
  } catch {
    return {};
  }
}
