// AUTH_MODE=cognito: USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH against the app client. The client is
// public (no secret), as a browser SPA's must be, so no SECRET_HASH is sent.
import {
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { makeCognitoClient } from '../../ports/awsClients';
import type { IdentityProvider } from './providerTypes';

// Cognito's answers that mean "these credentials do not work"; anything else is an outage and surfaces as 500.
const REJECTIONS = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

let client: CognitoIdentityProviderClient | undefined;
const cognito = () => (client ??= makeCognitoClient());

async function initiate(input: ConstructorParameters<typeof InitiateAuthCommand>[0]) {
  try {
    return await cognito().send(new InitiateAuthCommand(input));
  } catch (error) {
    if (REJECTIONS.has((error as { name?: string }).name ?? '')) return null;
    throw error;
  }
}

// A challenge (NEW_PASSWORD_REQUIRED, MFA) cannot be completed through Superset's login API.
const tokensOf = (out: InitiateAuthCommandOutput | null) => (out?.AuthenticationResult?.AccessToken ? out.AuthenticationResult : null);

export function cognitoProvider(clientId: string): IdentityProvider {
  return {
    async login(username, password, { refresh }) {
      const result = tokensOf(
        await initiate({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, PASSWORD: password } }),
      );
      if (!result) return null;
      return refresh && result.RefreshToken
        ? { access_token: result.AccessToken!, refresh_token: result.RefreshToken }
        : { access_token: result.AccessToken! };
    },
    async refresh(refreshToken) {
      const result = tokensOf(
        await initiate({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
      );
      return result ? { access_token: result.AccessToken! } : null;
    },
  };
}
