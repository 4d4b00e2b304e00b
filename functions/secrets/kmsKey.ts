// AWS KMS as the key-encryption key: GenerateDataKey on seal, Decrypt on open, both with the
// encryption context (CloudTrail logs it, and a key policy or grant may require it). The SDK reads
// AWS_ENDPOINT_URL itself, so LocalStack's KMS works unchanged.
import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { KeyEncryptionKey } from './envelope';

export function kmsKey(client: Pick<KMSClient, 'send'>, keyId: string): KeyEncryptionKey {
  return {
    kind: 'kms',
    async newDataKey(context) {
      const out = await client.send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }));
      if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS GenerateDataKey answered without a key');
      return { plaintext: out.Plaintext, wrapped: out.CiphertextBlob };
    },
    async unwrap(wrapped, context) {
      // KeyId pins the key: a blob wrapped by another key in the account is refused, not opened.
      const out = await client.send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: context }));
      if (!out.Plaintext) throw new Error('KMS Decrypt answered without a key');
      return out.Plaintext;
    },
  };
}
