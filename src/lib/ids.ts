import { randomBytes, randomInt } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Lowercase UUID version 7: time-ordered, so keyset pages and indexes follow creation order. */
export const newId = (): string => uuidv7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUuid = (value: string): boolean => UUID.test(value);

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text from a CSPRNG (unbiased: randomInt rejects out-of-range draws). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export const randomHex = (bytes: number): string => randomBytes(bytes).toString('hex');
