// The keyring this container uses, from its environment: the KMS key the CDK app created
// (DATABASE_KMS_KEY_ID) or, in the local cloud, its key file (LOCAL_DATABASE_KEY_FILE). A function in
// Lambda never falls back to a key file. Read once per configuration and reused.
import { FUNCTION_ENV } from '../../shared/resources/index';
import { makeKmsClient } from '../ports/awsClients';
import { envelopeKeyring, type Keyring } from './envelope';
import { fileKey, readKeyFile } from './fileKey';
import { kmsKey } from './kmsKey';

let current: { config: string; keyring: Keyring } | undefined;

export function keyringFromEnv(env: NodeJS.ProcessEnv = process.env): Keyring {
  const kmsKeyId = env[FUNCTION_ENV.databaseKmsKeyId];
  const keyFile = env[FUNCTION_ENV.localDatabaseKeyFile];
  const config = kmsKeyId ? `kms:${kmsKeyId}` : keyFile ? `file:${keyFile}` : '';
  if (current?.config === config) return current.keyring;
  if (!config) {
    throw new Error(`No key for database passwords: set ${FUNCTION_ENV.databaseKmsKeyId} (AWS) or ${FUNCTION_ENV.localDatabaseKeyFile} (local cloud)`);
  }
  if (!kmsKeyId && env.AWS_LAMBDA_FUNCTION_NAME) {
    throw new Error(`Refusing a key file for database passwords in Lambda: set ${FUNCTION_ENV.databaseKmsKeyId}`);
  }
  const keyring = envelopeKeyring(kmsKeyId ? kmsKey(makeKmsClient(), kmsKeyId) : fileKey(readKeyFile(keyFile!)));
  current = { config, keyring };
  return keyring;
}
