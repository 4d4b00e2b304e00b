// The one header that carries a request's credential to the HTTP API's authorizer in AWS: CloudFront
// writes it from the Authorization header or the session cookie (infra/aws/authorizer.ts), so API
// Gateway can cache the authorizer's answer by it. `authorization:<header value>` or
// `session:<cookie value as sent>`.
export const CREDENTIAL_HEADER = 'x-sqlscape-credential';

export interface Credential {
  /** The Authorization header's value. */
  authorization?: string;
  /** The session cookie's value, decoded. */
  session?: string;
}

/** The credential in the header, or null when the header is absent or not of that form. */
export function readCredentialHeader(headers: Record<string, string | undefined> | undefined): Credential | null {
  const value = headers?.[CREDENTIAL_HEADER];
  if (!value) return null;
  const at = value.indexOf(':');
  const kind = value.slice(0, at);
  const rest = value.slice(at + 1);
  if (kind === 'authorization') return { authorization: rest };
  if (kind === 'session') {
    try {
      return { session: decodeURIComponent(rest) };
    } catch {
      return { session: rest };
    }
  }
  return null;
}
