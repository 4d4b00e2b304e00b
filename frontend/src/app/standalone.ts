// Superset's `standalone` URL parameter: 1 hides the navigation, 2 and 3 also hide the title (report
// mode). Any value other than 0/false counts, whether the router parsed it to a number or a string.
export function isStandalone(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !['0', 'false'].includes(String(value).toLowerCase());
}
