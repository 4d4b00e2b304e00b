// SQLAlchemy-style connection URIs: the password masking Superset applies before a URI leaves the
// server (and undoes when a client sends the masked URI back). Which engine a scheme means, and its
// driver, is each engine's own knowledge (functions/engines/<name>/spec.ts, read through registry.ts).

/** Superset's placeholder for a hidden password. */
export const PASSWORD_MASK = 'XXXXXXXXXX';

// user:password@ in the authority part; the password may hold any character but '@' and '/'.
const AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/)([^:@/]*):([^@/]*)@/i;

/** Replaces the password of a URI with the mask; URIs without one are returned unchanged. */
export function maskPassword(uri: string): string {
  return uri.replace(AUTHORITY, (_m, scheme: string, user: string, password: string) =>
    password === '' ? `${scheme}${user}:@` : `${scheme}${user}:${PASSWORD_MASK}@`,
  );
}

/**
 * Whether a URI sent with the masked password names the same connection as the stored URI in every
 * part but the password (scheme and driver, user, host, port, database, query). Only then may the
 * stored password be restored into it: otherwise the password would go to a host it was not given for.
 */
export function sameConnectionButPassword(sentUri: string, storedUri: string): boolean {
  return maskPassword(sentUri) === maskPassword(storedUri);
}

/** When a client echoes a masked URI back (edit forms do), restores the stored password. */
export function unmaskPassword(uri: string, storedUri: string): string {
  const sent = AUTHORITY.exec(uri);
  if (!sent || sent[3] !== PASSWORD_MASK) return uri;
  const stored = AUTHORITY.exec(storedUri);
  if (!stored) return uri;
  // A replacer function, so `$` in a password is never read as a replacement pattern.
  return uri.replace(AUTHORITY, () => `${sent[1]}${sent[2]}:${stored[3]}@`);
}

/** The password of a URI as written in it (percent-encoding kept), or null when it has none. */
export function passwordOf(uri: string): string | null {
  const password = AUTHORITY.exec(uri)?.[3];
  return password ? password : null;
}

/** The URI with its password replaced by `password` (as written in a URI); unchanged without one. */
export function withPassword(uri: string, password: string): string {
  return uri.replace(AUTHORITY, (_m, scheme: string, user: string) => `${scheme}${user}:${password}@`);
}
