import { randomBytes, randomFillSync, randomInt } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

// Random bytes for ids, drawn from the CSPRNG 256 ids at a time: one draw per id costs a system call,
// which is most of an id's cost where system calls are slow.
const POOLED_IDS = 256;
const pool = new Uint8Array(16 * POOLED_IDS);
let pooled = 0;
/** Where a millisecond's ids stand, as the uuid package keeps it: a random start, then counting up. */
const sequence = { msecs: -Infinity, seq: 0 };

function nextRandom(): Uint8Array {
  if (pooled === 0) {
    randomFillSync(pool);
    pooled = POOLED_IDS;
  }
  pooled--;
  return pool.subarray(pooled * 16, pooled * 16 + 16);
}

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
