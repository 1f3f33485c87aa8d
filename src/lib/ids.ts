import { randomBytes, randomFillSync, randomInt } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * `size` random bytes at a time, drawn from the CSPRNG for `draws` calls at once: one draw per id costs a
 * system call, which is most of an id's cost where system calls are slow. Each call's bytes are read at
 * once (they are overwritten after `draws` further calls).
 */
export function pooledRandomBytes(size: number, draws = 256): () => Buffer {
  const pool = Buffer.alloc(size * draws);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const bytes = pool.subarray(offset, offset + size);
    offset += size;
    return bytes;
  };
}

const nextRandom = pooledRandomBytes(16);
/** Where a millisecond's ids stand, as the uuid package keeps it: a random start, then counting up. */
const sequence = { msecs: -Infinity, seq: 0 };

/**
 * Lowercase UUID version 7: time-ordered, so keyset pages and indexes follow creation order; within one
 * millisecond a counter that starts at random keeps them in order too.
 */
export function newId(): string {
  const random = nextRandom();
  const now = Date.now();
  if (now > sequence.msecs) {
    sequence.msecs = now;
    sequence.seq =
      (((random[6] as number) & 0x7f) << 24) |
      ((random[7] as number) << 16) |
      ((random[8] as number) << 8) |
      (random[9] as number);
  } else {
    sequence.seq = (sequence.seq + 1) | 0;
    if (sequence.seq === 0) sequence.msecs++;
  }
  return uuidv7({ random, msecs: sequence.msecs, seq: sequence.seq });
}

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
