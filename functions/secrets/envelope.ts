// Envelope encryption of small secrets (database passwords): each seal asks the key-encryption key for
// a fresh 256-bit data key, encrypts the secret with it (AES-256-GCM) and keeps only the wrapped data
// key next to the ciphertext. The encryption context is bound to both layers, so a sealed secret
// copied onto another row does not open. Unwrapped data keys are kept for a while per container, so
// a warm function asks KMS once per stored secret, not once per query.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What is stored: all binary parts base64. `by` names the kind of key that wrapped the data key. */
export interface SealedSecret {
  v: 1;
  by: 'kms' | 'file';
  wrapped: string;
  iv: string;
  data: string;
}

/** Names what a secret belongs to; sealing and opening must give the same one. */
export type EncryptionContext = Record<string, string>;

/** The key that wraps data keys: AWS KMS in AWS, a key file in the local cloud. */
export interface KeyEncryptionKey {
  kind: SealedSecret['by'];
  newDataKey(context: EncryptionContext): Promise<{ plaintext: Uint8Array; wrapped: Uint8Array }>;
  unwrap(wrapped: Uint8Array, context: EncryptionContext): Promise<Uint8Array>;
}

export interface Keyring {
  seal(secret: string, context: EncryptionContext): Promise<SealedSecret>;
  open(sealed: SealedSecret, context: EncryptionContext): Promise<string>;
}

const KEY_CACHE_SIZE = 256;
const KEY_CACHE_MS = 15 * 60_000;

/** The context as additional authenticated data: key order never matters. */
export const contextBytes = (context: EncryptionContext) =>
  Buffer.from(JSON.stringify(Object.keys(context).sort().map((k) => [k, context[k]])), 'utf8');

/** AES-256-GCM, output iv(12) | ciphertext | tag(16) pieces. */
export function gcmEncrypt(key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { iv, body };
}

export function gcmDecrypt(key: Uint8Array, iv: Uint8Array, body: Uint8Array, aad: Uint8Array): Buffer {
  if (body.length < 16) throw new Error('Sealed secret is truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
}

export function isSealedSecret(value: unknown): value is SealedSecret {
  const v = value as SealedSecret | null;
  return typeof v === 'object' && v !== null && v.v === 1 && (v.by === 'kms' || v.by === 'file')
    && typeof v.wrapped === 'string' && typeof v.iv === 'string' && typeof v.data === 'string';
}

export function envelopeKeyring(kek: KeyEncryptionKey, now: () => number = Date.now): Keyring {
  const unwrapped = new Map<string, { key: Promise<Uint8Array>; at: number }>();

  const dataKey = (sealed: SealedSecret, context: EncryptionContext): Promise<Uint8Array> => {
    const id = `${sealed.wrapped}|${contextBytes(context).toString('base64')}`;
    const hit = unwrapped.get(id);
    if (hit && now() - hit.at < KEY_CACHE_MS) return hit.key;
    const key = kek.unwrap(Buffer.from(sealed.wrapped, 'base64'), context);
    if (unwrapped.size >= KEY_CACHE_SIZE) unwrapped.delete(unwrapped.keys().next().value as string);
    unwrapped.set(id, { key, at: now() });
    // A refused unwrap (wrong context, revoked grant) is not remembered: the next open asks again.
    key.catch(() => {
      if (unwrapped.get(id)?.key === key) unwrapped.delete(id);
    });
    return key;
  };

  return {
    async seal(secret, context) {
      const { plaintext, wrapped } = await kek.newDataKey(context);
      const { iv, body } = gcmEncrypt(plaintext, Buffer.from(secret, 'utf8'), contextBytes(context));
      const sealed: SealedSecret = { v: 1, by: kek.kind, wrapped: Buffer.from(wrapped).toString('base64'), iv: iv.toString('base64'), data: body.toString('base64') };
      return sealed;
    },
    async open(sealed, context) {
      if (!isSealedSecret(sealed)) throw new Error('Not a sealed secret');
      if (sealed.by !== kek.kind) throw new Error(`This secret was sealed with a ${sealed.by} key, but this deployment holds a ${kek.kind} key`);
      const key = await dataKey(sealed, context);
      return gcmDecrypt(key, Buffer.from(sealed.iv, 'base64'), Buffer.from(sealed.data, 'base64'), contextBytes(context)).toString('utf8');
    },
  };
}
