// Envelope encryption with the local key file and with KMS. No KMS exists here: a mocked KMSClient
// (aws-sdk-client-mock) plays the service, wrapping data keys under its own AES key and refusing a
// different encryption context as KMS does; the tests check what is asked of it and how often.
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { contextBytes, envelopeKeyring, gcmDecrypt, gcmEncrypt, type SealedSecret } from '../../../../functions/secrets/envelope';
import { fileKey, readKeyFile } from '../../../../functions/secrets/fileKey';
import { kmsKey } from '../../../../functions/secrets/kmsKey';
import { keyringFromEnv } from '../../../../functions/secrets/configured';
import { loadOrCreateDatabaseKey } from '../../../../infra/local/config';

const dir = mkdtempSync(join(tmpdir(), 'sqlscape-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ctx = { purpose: 'database-password', database: '7' };

const tamper = (sealed: SealedSecret, field: 'wrapped' | 'data' | 'iv'): SealedSecret => {
  const bytes = Buffer.from(sealed[field], 'base64');
  bytes[bytes.length - 1] ^= 1;
  return { ...sealed, [field]: bytes.toString('base64') };
};

describe('local key file', () => {
  it('is created 0600 on first start and kept across starts', () => {
    const file = loadOrCreateDatabaseKey(join(dir, 'data'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readKeyFile(file);
    expect(key).toHaveLength(32);
    expect(loadOrCreateDatabaseKey(join(dir, 'data'))).toBe(file);
    expect(readKeyFile(file).equals(key)).toBe(true);
  });

  it('refuses a file that does not hold a 32-byte key', () => {
    const bad = join(dir, 'short.key');
    writeFileSync(bad, Buffer.alloc(16).toString('base64'));
    expect(() => readKeyFile(bad)).toThrow(/32-byte/);
  });

  it('seals a password that no part of the stored form shows, and opens it only with the same key and context', async () => {
    const keyring = envelopeKeyring(fileKey(randomBytes(32)));
    const sealed = await keyring.seal('s3cr3t-p@ss', ctx);
    expect(sealed.by).toBe('file');
    expect(JSON.stringify(sealed)).not.toContain('s3cr3t');
    expect(Buffer.from(sealed.data, 'base64').toString('latin1')).not.toContain('s3cr3t');
    expect(await keyring.open(sealed, ctx)).toBe('s3cr3t-p@ss');
    // Fresh data key and IV each time: the same password never seals to the same bytes.
    const again = await keyring.seal('s3cr3t-p@ss', ctx);
    expect(again.wrapped).not.toBe(sealed.wrapped);
    expect(again.data).not.toBe(sealed.data);
    await expect(keyring.open(sealed, { ...ctx, database: '8' })).rejects.toThrow();
    await expect(envelopeKeyring(fileKey(randomBytes(32))).open(sealed, ctx)).rejects.toThrow();
    for (const field of ['wrapped', 'data', 'iv'] as const) await expect(keyring.open(tamper(sealed, field), ctx), field).rejects.toThrow();
    // A failed open was not cached: the right context still opens it.
    expect(await keyring.open(sealed, ctx)).toBe('s3cr3t-p@ss');
  });

  it('does not open a KMS-sealed secret with a key file', async () => {
    const keyring = envelopeKeyring(fileKey(randomBytes(32)));
    const sealed = await keyring.seal('x', ctx);
    await expect(keyring.open({ ...sealed, by: 'kms' }, ctx)).rejects.toThrow(/kms key/);
  });
});

describe('KMS key', () => {
  const kms = mockClient(KMSClient);
  const serviceKey = randomBytes(32);
  const KEY_ARN = 'arn:aws:kms:eu-west-1:111111111111:key/1234';

  beforeEach(() => {
    kms.reset();
    kms.on(GenerateDataKeyCommand).callsFake((input) => {
      const plaintext = randomBytes(32);
      const { iv, body } = gcmEncrypt(serviceKey, plaintext, contextBytes(input.EncryptionContext ?? {}));
      return { KeyId: input.KeyId, Plaintext: plaintext, CiphertextBlob: Buffer.concat([iv, body]) };
    });
    kms.on(DecryptCommand).callsFake((input) => {
      const blob = Buffer.from(input.CiphertextBlob);
      try {
        return { KeyId: input.KeyId, Plaintext: gcmDecrypt(serviceKey, blob.subarray(0, 12), blob.subarray(12), contextBytes(input.EncryptionContext ?? {})) };
      } catch {
        throw Object.assign(new Error('InvalidCiphertextException'), { name: 'InvalidCiphertextException' });
      }
    });
  });

  it('asks for an AES-256 data key with the context, and decrypts with the same key id and context', async () => {
    const keyring = envelopeKeyring(kmsKey(new KMSClient({ region: 'eu-west-1' }), KEY_ARN));
    const sealed = await keyring.seal('pg-password', ctx);
    expect(sealed.by).toBe('kms');
    expect(JSON.stringify(sealed)).not.toContain('pg-password');
    const [generate] = kms.commandCalls(GenerateDataKeyCommand);
    expect(generate.args[0].input).toEqual({ KeyId: KEY_ARN, KeySpec: 'AES_256', EncryptionContext: ctx });
    expect(await keyring.open(sealed, ctx)).toBe('pg-password');
    const [decrypt] = kms.commandCalls(DecryptCommand);
    expect(decrypt.args[0].input).toMatchObject({ KeyId: KEY_ARN, EncryptionContext: ctx });
    expect(Buffer.from(decrypt.args[0].input.CiphertextBlob!).toString('base64')).toBe(sealed.wrapped);
  });

  it('asks KMS once per stored secret while the container is warm, and again after a refusal', async () => {
    const keyring = envelopeKeyring(kmsKey(new KMSClient({ region: 'eu-west-1' }), KEY_ARN));
    const sealed = await keyring.seal('pg-password', ctx);
    await Promise.all([keyring.open(sealed, ctx), keyring.open(sealed, ctx), keyring.open(sealed, ctx)]);
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
    await expect(keyring.open(sealed, { ...ctx, database: '9' })).rejects.toThrow(/InvalidCiphertext/);
    await expect(keyring.open(sealed, { ...ctx, database: '9' })).rejects.toThrow(/InvalidCiphertext/);
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(3);
  });

  it('is what the environment names in AWS; a Lambda function never takes a key file', async () => {
    const file = loadOrCreateDatabaseKey(join(dir, 'env'));
    const kmsRing = keyringFromEnv({ DATABASE_KMS_KEY_ID: KEY_ARN, LOCAL_DATABASE_KEY_FILE: file, AWS_REGION: 'eu-west-1' });
    expect((await kmsRing.seal('x', ctx)).by).toBe('kms');
    expect(kms.commandCalls(GenerateDataKeyCommand)).toHaveLength(1);
    expect((await keyringFromEnv({ LOCAL_DATABASE_KEY_FILE: file }).seal('x', ctx)).by).toBe('file');
    expect(() => keyringFromEnv({})).toThrow(/No key for database passwords/);
    expect(() => keyringFromEnv({ LOCAL_DATABASE_KEY_FILE: join(dir, 'other.key'), AWS_LAMBDA_FUNCTION_NAME: 'f' })).toThrow(/Refusing a key file/);
  });
});
