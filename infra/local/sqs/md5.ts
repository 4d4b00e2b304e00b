// MD5OfMessageAttributes as SQS computes it, so SDKs that verify attribute digests accept our answers:
// names sorted; each name, data type and value length-prefixed (4-byte big endian), with a transport
// byte (1 = string, 2 = binary) before the value.
import { createHash } from 'node:crypto';

export interface MessageAttributeValue {
  DataType: string;
  StringValue?: string;
  BinaryValue?: string;
}
export type MessageAttributes = Record<string, MessageAttributeValue>;

function lengthPrefixed(value: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(value.length);
  return Buffer.concat([length, value]);
}

export function md5OfMessageAttributes(attributes: MessageAttributes): string {
  const hash = createHash('md5');
  for (const name of Object.keys(attributes).sort()) {
    const attr = attributes[name];
    hash.update(lengthPrefixed(Buffer.from(name, 'utf8')));
    hash.update(lengthPrefixed(Buffer.from(attr.DataType, 'utf8')));
    if (attr.BinaryValue !== undefined) {
      hash.update(Buffer.from([2]));
      hash.update(lengthPrefixed(Buffer.from(attr.BinaryValue, 'base64')));
    } else {
      hash.update(Buffer.from([1]));
      hash.update(lengthPrefixed(Buffer.from(attr.StringValue ?? '', 'utf8')));
    }
  }
  return hash.digest('hex');
}
