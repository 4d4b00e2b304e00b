import { describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS, featureFlags, isFeatureEnabled, parseFeatureFlags } from '../../../shared/featureFlags';

describe('feature flags', () => {
  it('are the spec defaults without configuration: cross filters, diff confirmation, horizontal bar and collision avoidance on', () => {
    expect(parseFeatureFlags(undefined)).toEqual(FEATURE_FLAG_DEFAULTS);
    expect(parseFeatureFlags('')).toEqual(FEATURE_FLAG_DEFAULTS);
    expect(Object.entries(FEATURE_FLAG_DEFAULTS).filter(([, on]) => on).map(([name]) => name).sort()).toEqual(
      ['AVOID_COLORS_COLLISION', 'CONFIRM_DASHBOARD_DIFF', 'DASHBOARD_CROSS_FILTERS', 'HORIZONTAL_FILTER_BAR'],
    );
  });

  it('take booleans from the FEATURE_FLAGS JSON over the defaults, ignoring unknown names and non-booleans', () => {
    const env = { FEATURE_FLAGS: JSON.stringify({ GLOBAL_ASYNC_QUERIES: true, DASHBOARD_CROSS_FILTERS: false, NOT_A_FLAG: true, DASHBOARD_RBAC: 'yes' }) };
    expect(featureFlags(env)).toEqual({ ...FEATURE_FLAG_DEFAULTS, GLOBAL_ASYNC_QUERIES: true, DASHBOARD_CROSS_FILTERS: false });
    expect(isFeatureEnabled('GLOBAL_ASYNC_QUERIES', env)).toBe(true);
    expect(isFeatureEnabled('DASHBOARD_RBAC', env)).toBe(false);
  });

  it('refuse a configuration that is not a JSON object rather than quietly running with the defaults', () => {
    expect(() => parseFeatureFlags('{GLOBAL_ASYNC_QUERIES: true}')).toThrow(/not valid JSON/);
    expect(() => parseFeatureFlags('true')).toThrow(/JSON object/);
  });
});
