// What an identity provider (local users table or Cognito) offers the login and refresh routes. Kept
// apart from identityProvider.ts, which picks one, so the providers need not import their chooser.
import type { IssuedTokens } from './localTokens';

export interface IdentityProvider {
  login(username: string, password: string, options: { refresh: boolean }): Promise<IssuedTokens | null>;
  refresh(refreshToken: string): Promise<{ access_token: string } | null>;
}
