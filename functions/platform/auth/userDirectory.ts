// Where login credentials and role groups live besides the users table. Locally the table is the
// directory (nothing more to do); with AUTH_MODE=cognito the user pool holds the login, the password
// and the groups that become the token's cognito:groups, so the users admin mirrors every change there.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { FUNCTION_ENV } from '../../../shared/resources/index';
import { requireEnv } from '../../ports/env';
import { makeCognitoClient } from '../../ports/awsClients';
import type { UserRecord } from '../users';
import { authMode } from './identityProvider';
import { roleGroup, roleOfGroup } from '../../../shared/security/roleGroups';

/** The pool's immutable id attribute (infra/aws/triggers/preTokenGeneration.ts puts it in tokens). */
const USER_ID_ATTRIBUTE = 'custom:user_id';

export interface UserDirectory {
  created(user: UserRecord, password: string): Promise<void>;
  updated(before: UserRecord, after: UserRecord, password?: string): Promise<void>;
  deleted(user: UserRecord): Promise<void>;
}

export const tableDirectory: UserDirectory = {
  async created() {},
  async updated() {},
  async deleted() {},
};

const attributes = (u: UserRecord) => [
  { Name: 'email', Value: u.email },
  { Name: 'given_name', Value: u.first_name },
  { Name: 'family_name', Value: u.last_name },
];

export function cognitoDirectory(userPoolId: string, client: CognitoIdentityProviderClient = makeCognitoClient()): UserDirectory {
  /** Adds a user to a role's group, creating the group the first time a custom role is given. */
  const addToGroup = async (username: string, group: string) => {
    try {
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
    } catch (error) {
      if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group, Description: `Superset role ${roleOfGroup(group)}` }));
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
    }
  };
  const setPassword = (username: string, password: string) =>
    client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: username, Password: password, Permanent: true }));
  return {
    async created(user, password) {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: user.username,
          MessageAction: 'SUPPRESS',
          UserAttributes: [...attributes(user), { Name: 'email_verified', Value: 'true' }, { Name: USER_ID_ATTRIBUTE, Value: String(user.id) }],
        }),
      );
      await setPassword(user.username, password);
      for (const role of user.roles) await addToGroup(user.username, roleGroup(role));
      if (!user.active) await client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: user.username }));
    },
    async updated(before, after, password) {
      // Cognito usernames cannot change; the users admin refuses renames in this mode.
      const username = before.username;
      await client.send(new AdminUpdateUserAttributesCommand({ UserPoolId: userPoolId, Username: username, UserAttributes: attributes(after) }));
      if (password) await setPassword(username, password);
      for (const role of after.roles.filter((r) => !before.roles.includes(r))) await addToGroup(username, roleGroup(role));
      for (const role of before.roles.filter((r) => !after.roles.includes(r))) {
        await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: roleGroup(role) }));
      }
      if (before.active !== after.active) {
        const Command = after.active ? AdminEnableUserCommand : AdminDisableUserCommand;
        await client.send(new Command({ UserPoolId: userPoolId, Username: username }));
      }
    },
    async deleted(user) {
      await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: user.username }));
    },
  };
}

let cognitoDir: UserDirectory | undefined;
export function userDirectoryFromEnv(env: NodeJS.ProcessEnv = process.env): UserDirectory {
  if (authMode(env) !== 'cognito') return tableDirectory;
  return (cognitoDir ??= cognitoDirectory(requireEnv(FUNCTION_ENV.cognitoUserPoolId, env)));
}

/** Whether usernames may change (Cognito's cannot). */
export const usernamesMutable = (env: NodeJS.ProcessEnv = process.env) => authMode(env) !== 'cognito';
