// The HTTP API's Lambda authorizer (functions/handlers/httpAuthorizer.ts) with its answers cached, so
// a 50-chart dashboard costs one authorizer call per user per TTL instead of 50.
//
// API Gateway caches by the identity sources and answers 401 itself when one is missing, and the
// credential is either the Authorization header or the session cookie. So CloudFront (a viewer-request
// function on the API behaviours) copies whichever one the authorizer would read into one header, and
// the authorizer decides from that header alone when it is there: the cache key is then exactly what
// the decision depends on, whoever sends the request. Requests reaching execute-api without it (not
// through CloudFront) and without a credential get API Gateway's 401, as before.
import { Duration } from 'aws-cdk-lib';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { CREDENTIAL_HEADER } from '../../functions/platform/auth/credentialHeader';
import { SESSION_COOKIE } from '../../functions/platform/auth/session';

/**
 * How long an answer is reused for the same credential. A token keeps working up to this long after it
 * expires or is revoked (Cognito's access tokens live an hour), the price of not calling the authorizer
 * on every request.
 */
export const AUTHORIZER_CACHE_TTL = Duration.minutes(5);

export { CREDENTIAL_HEADER };

export function sessionOrTokenAuthorizer(fn: lambda.IFunction) {
  const authorizer = new HttpLambdaAuthorizer('SessionOrTokenAuthorizer', fn, {
    authorizerName: 'session-or-token',
    responseTypes: [HttpLambdaResponseType.SIMPLE],
    identitySource: [`$request.header.${CREDENTIAL_HEADER}`],
    resultsCacheTtl: AUTHORIZER_CACHE_TTL,
  });
  return authorizer;
}

/**
 * CloudFront Function (viewer request, API behaviours): the credential header from the Authorization
 * header, else the session cookie, in the authorizer's order (a viewer's own copy is dropped).
 */
export const CREDENTIAL_FUNCTION = `function handler(event) {
  var request = event.request;
  delete request.headers['${CREDENTIAL_HEADER}'];
  var auth = request.headers.authorization ? request.headers.authorization.value.trim() : '';
  var session = request.cookies && request.cookies['${SESSION_COOKIE}'] ? request.cookies['${SESSION_COOKIE}'].value : '';
  if (auth) request.headers['${CREDENTIAL_HEADER}'] = { value: 'authorization:' + auth };
  else if (session) request.headers['${CREDENTIAL_HEADER}'] = { value: 'session:' + session };
  return request;
}`;
