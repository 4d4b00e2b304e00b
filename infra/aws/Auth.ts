// The Cognito user pool: users, their groups (the roles of shared/security/roles.ts) and the app
// client the SPA logs in through (POST /api/v1/security/login calls InitiateAuth on it). Users are
// data, so the pool lives in the stateful stack and is retained when the stack goes.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ROLES } from '../../shared/security/roles';
import { AppFunction, type FunctionContext } from './AppFunction';
import type { HandlerEntry } from './handlerEntries';
import { USER_ID_ATTRIBUTE } from './triggers/preTokenGeneration';

export const ACCESS_TOKEN_VALIDITY = Duration.hours(1);
export const REFRESH_TOKEN_VALIDITY = Duration.days(30);

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: { context: FunctionContext; trigger: HandlerEntry }) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // Access-token claim customization (the user_id claim) needs the Essentials plan.
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      selfSignUpEnabled: false, // admins create users, as in Superset without self-registration
      signInAliases: { username: true, email: true },
      signInCaseSensitive: false,
      customAttributes: {
        // Immutable: once set at creation nobody, the user included, can move to another id.
        user_id: new cognito.NumberAttribute({ min: 1, mutable: false }),
      },
      passwordPolicy: { minLength: 8, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: true },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason: 'The Plus feature plan (threat protection) is billed per monthly active user; Essentials is what the user_id claim needs. Operators wanting threat protection switch featurePlan to PLUS',
    });
    for (const role of Object.keys(ROLES)) {
      this.userPool.addGroup(`Group${role.replace(/[^A-Za-z0-9]/g, '')}`, { groupName: role, description: `Superset role ${role}` });
    }
    const trigger = new AppFunction(this, 'PreTokenGeneration', {
      handler: props.trigger,
      context: { ...props.context, environment: {} },
      timeout: Duration.seconds(5),
      memorySize: 256,
      description: 'Adds the user_id claim to Cognito tokens',
    });
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, trigger.fn, cognito.LambdaVersion.V2_0);
    this.client = this.userPool.addClient('WebClient', {
      // A browser SPA cannot keep a secret; USER_PASSWORD_AUTH is what Superset's login API maps to.
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      accessTokenValidity: ACCESS_TOKEN_VALIDITY,
      idTokenValidity: ACCESS_TOKEN_VALIDITY,
      refreshTokenValidity: REFRESH_TOKEN_VALIDITY,
      enableTokenRevocation: true,
      // Without this the client could rewrite custom:user_id through UpdateUserAttributes.
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true, fullname: true }),
    });
  }
}

export { USER_ID_ATTRIBUTE };
