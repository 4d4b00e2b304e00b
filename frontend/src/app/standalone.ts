// Superset's `standalone` URL parameter: 1 hides the navigation, 2 and 3 also hide the title (report
// mode). Any value other than 0/false counts, whether the router parsed it to a number or a string.
export function isStandalone(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !['0', 'false'].includes(String(value).toLowerCase());
}

/** The dashboard's `uiConfig` bitmask: bit 4 hides the navigation (1 title, 2 tabs, 8 chart controls are the page's). */
export function hidesNav(uiConfig: unknown): boolean {
  const bits = Number(uiConfig);
  return Number.isInteger(bits) && (bits & 4) !== 0;
}
