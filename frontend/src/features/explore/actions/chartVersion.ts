// A saved chart's version for optimistic saves: its changed_on as the API answers it (naive UTC ISO
// with milliseconds, in Explore's slice and the chart's GET) in epoch seconds, the unit the chart PUT's
// last_modified_time and its answer use. A save carrying an older version is refused with 409.
const HAS_ZONE = /(?:[zZ]|[+-]\d\d:?\d\d)$/;

export function chartVersion(changedOn: unknown): number | null {
  if (typeof changedOn !== 'string' || !changedOn) return null;
  const ms = Date.parse(HAS_ZONE.test(changedOn) ? changedOn : `${changedOn}Z`);
  return Number.isFinite(ms) ? ms / 1000 : null;
}
