// A role's name as a token group (cognito:groups) and back. The HTTP API's JWT authorizer flattens
// the groups claim to "[a b c]" and Cognito group names allow no whitespace, so a role named
// "Cars readers" (or with a comma or bracket) would come back as other roles. Groups carry the name
// percent-encoded: the built-in names (Admin, Gamma, sql_lab...) are unchanged by it.
export const roleGroup = (role: string) => encodeURIComponent(role);

export function roleOfGroup(group: string): string {
  try {
    return decodeURIComponent(group);
  } catch {
    return group;
  }
}
