// AUTH_MODE=local: users from the main table, tokens signed with LOCAL_JWT_SECRET.
import type { Ports } from '../../ports/index';
import { findUserByUsername, getUserById } from '../users';
import { decoyHash, verifyPassword } from './passwords';
import { issueTokens, verifyLocalRefreshToken } from './localTokens';
import type { IdentityProvider } from './providerTypes';

export function localProvider(ports: Ports, secret: string): IdentityProvider {
  return {
    async login(username, password, { refresh }) {
      const user = await findUserByUsername(ports, username);
      // Verify against a decoy when the user is unknown so timing does not tell which names exist.
      const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
      if (!user || !ok || !user.active) return null;
      return issueTokens({ id: user.id, username: user.username, roles: user.roles }, secret, {
        refresh,
        nowMs: ports.clock.now(),
      });
    },
    async refresh(refreshToken) {
      const claims = await verifyLocalRefreshToken(refreshToken, secret, ports.clock.now());
      if (!claims) return null;
      // Re-read the user so a deactivated account or changed roles take effect at the next refresh.
      const user = await getUserById(ports, claims.user_id);
      if (!user || !user.active) return null;
      const { access_token } = await issueTokens({ id: user.id, username: user.username, roles: user.roles }, secret, {
        nowMs: ports.clock.now(),
      });
      return { access_token };
    },
  };
}
