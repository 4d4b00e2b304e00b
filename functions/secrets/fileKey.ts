// The local cloud's key-encryption key: 32 random bytes in a file of the data folder (created 0600 by
// infra/local on first start). Data keys are wrapped with AES-256-GCM under it, the encryption context
// authenticated, as KMS would.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { contextBytes, gcmDecrypt, gcmEncrypt, type KeyEncryptionKey } from './envelope';

export const KEY_BYTES = 32;

/** The key in a key file: base64 of 32 bytes, one line. */
export function readKeyFile(path: string): Buffer {
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${path} does not hold a ${KEY_BYTES}-byte base64 key`);
  return key;
}

export function fileKey(key: Uint8Array): KeyEncryptionKey {
  if (key.length !== KEY_BYTES) throw new Error(`A key-encryption key has ${KEY_BYTES} bytes`);
  return {
    kind: 'file',
    async newDataKey(context) {
      const plaintext = randomBytes(KEY_BYTES);
      const { iv, body } = gcmEncrypt(key, plaintext, contextBytes(context));
      return { plaintext, wrapped: Buffer.concat([iv, body]) };
    },
    async unwrap(wrapped, context) {
      return gcmDecrypt(key, wrapped.subarray(0, 12), wrapped.subarray(12), contextBytes(context));
    },
  };
}
