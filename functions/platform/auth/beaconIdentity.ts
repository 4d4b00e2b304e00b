// Identity for routes the gateway leaves open because browsers reach them with sendBeacon (no
// headers): the Authorization header when there is one, else the access token posted as a field.
// The token gets the same checks the gateway's JWT authorizer would make.
import { unauthorized } from '../../../shared/errors';
import type { Identity } from '../../http/identity';
import { verifyAccessToken } from './verifyAccessToken';

export async function beaconIdentity(headers: Record<string, string | undefined>, fieldToken: string | undefined): Promise<Identity> {
  const header = headers.authorization ?? headers.Authorization;
  const token = header?.replace(/^Bearer\s+/i, '') || fieldToken;
  const identity = token ? await verifyAccessToken(token) : null;
  if (!identity) throw unauthorized(token ? 'Not authorized' : 'Missing Authorization Header');
  return identity;
}
