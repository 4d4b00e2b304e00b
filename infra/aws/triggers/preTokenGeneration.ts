// Cognito pre-token-generation trigger (event version 2). Cognito access tokens carry `username`
// and `cognito:groups` but no custom attributes, while the handlers identify users by the integer
// `user_id` claim (functions/http/identity.ts). This copies the immutable custom:user_id attribute
// into both tokens, so the JWT authorizer hands the same claims to the handlers as local tokens do.
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';

export const USER_ID_ATTRIBUTE = 'custom:user_id';

/** The claims to add for a user's attributes; none when the user has no valid integer id. */
export function userIdClaims(attributes: Record<string, string | undefined>): Record<string, string> {
  const raw = attributes[USER_ID_ATTRIBUTE];
  const id = Number(raw);
  return raw !== undefined && Number.isInteger(id) && id > 0 ? { user_id: String(id) } : {};
}

export const handler = async (event: PreTokenGenerationV2TriggerEvent) => {
  const claims = userIdClaims(event.request.userAttributes);
  event.response = {
    claimsAndScopeOverrideDetails: {
      accessTokenGeneration: { claimsToAddOrOverride: claims },
      idTokenGeneration: { claimsToAddOrOverride: claims },
    },
  };
  return event;
};
