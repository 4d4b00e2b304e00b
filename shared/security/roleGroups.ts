// A role's name as a token group (cognito:groups) and back. The HTTP API's JWT authorizer flattens
// the groups claim to "[a b c]" and Cognito group names allow no whitespace, so a role named
// "Cars readers" (or with a comma or bracket) would come back as other roles. Groups carry the name
// percent-encoded: the built-in names (Admin, Gamma, sql_lab...) are unchanged by it.
export const roleGroup = (role: string) => encodeURIComponent(role);

/**
 * The role names of a token's groups claim, wherever it is read (functions, browser). The HTTP API
 * flattens array claims to "[a b]"; tokens themselves carry real arrays. Accept both.
 */
export const rolesOfGroupsClaim = (value: unknown): string[] => groupsOf(value).map(roleOfGroup);

function groupsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      return trimmed.slice(1, -1).split(/[\s,]+/).filter(Boolean);
    }
  }
  return trimmed.split(/[\s,]+/).filter(Boolean);
}

export function roleOfGroup(group: string): string {
  try {
    return decodeURIComponent(group);
  } catch {
    return group;
  }
}
