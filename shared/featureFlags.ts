// Feature flags of the spec (charts-dashboards-reports.md section 6), one configuration read by the
// functions (from the FEATURE_FLAGS environment variable, JSON) and sent to the UI in the bootstrap.
export const FEATURE_FLAG_DEFAULTS = {
  GLOBAL_ASYNC_QUERIES: false,
  DASHBOARD_RBAC: false,
  DASHBOARD_CROSS_FILTERS: true,
  CONFIRM_DASHBOARD_DIFF: true,
  HORIZONTAL_FILTER_BAR: true,
  ESCAPE_MARKDOWN_HTML: false,
  USE_ANALOGOUS_COLORS: false,
  AVOID_COLORS_COLLISION: true,
} as const;

export type FeatureFlag = keyof typeof FEATURE_FLAG_DEFAULTS;
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** The defaults overridden by a JSON object of flags ({"GLOBAL_ASYNC_QUERIES": true}); unknown keys are ignored. */
export function parseFeatureFlags(json: string | undefined): FeatureFlags {
  const flags: FeatureFlags = { ...FEATURE_FLAG_DEFAULTS };
  if (!json) return flags;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('FEATURE_FLAGS is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object') throw new Error('FEATURE_FLAGS must be a JSON object');
  for (const [key, value] of Object.entries(parsed)) if (key in flags && typeof value === 'boolean') flags[key as FeatureFlag] = value;
  return flags;
}

/** The flags of this process (functions read them once per cold start; tests may pass their own env). */
export const featureFlags = (env: Record<string, string | undefined> = process.env): FeatureFlags => parseFeatureFlags(env.FEATURE_FLAGS);

export const isFeatureEnabled = (flag: FeatureFlag, env?: Record<string, string | undefined>) => featureFlags(env)[flag];
