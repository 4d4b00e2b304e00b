// Clock and ids, passed in so tests can fix time and identifiers.
import { randomUUID } from 'node:crypto';

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface Ids {
  uuid(): string;
  /** A short random id for client-visible keys (client_id, kv ids). */
  short(length?: number): string;
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const randomIds: Ids = {
  uuid: () => randomUUID(),
  short: (length = 11) => {
    const bytes = crypto.getRandomValues(new Uint8Array(length));
    return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  },
};
