// Random identifiers and secrets. All come from the OS CSPRNG.
import { randomBytes, randomFillSync, randomUUID } from 'node:crypto';
import { isoTime } from '../lib/iso-time.ts';

const urlSafe = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `length` URL-safe characters, uniformly drawn (64 symbols, so one byte's low 6 bits each). */
export function urlSafeId(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += urlSafe[bytes[i] & 63];
  return out;
}

/** A form id: 10 URL-safe characters (ARCHITECTURE.md "Forms, versions, claims"). */
export const newFormId = () => urlSafeId(10);

/** A UUID for submissions and internal rows. */
export const newId = () => randomUUID();

const hex = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));
/** Random bytes drawn 4,000 at a time (one OS call per 400 ids, as crypto.randomUUID does with its own cache). */
const pool = Buffer.alloc(4000);
let poolAt = pool.length;

/**
 * A UUID version 7 (RFC 9562): the time in milliseconds, then 74 random bits. Submissions and their
 * deliveries take these because their ids are indexed: time-ordered ids land at the end of the index
 * instead of on a random page of it, which costs every insert less (docs/performance.md). The time they
 * carry is the row's created_at, which the API shows anyway.
 */
export function newTimeOrderedId(now = Date.now()): string {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const r = poolAt;
  poolAt += 10;
  // 48 bits of time: the high 16 and the low 32 apart, since JavaScript's bit operators take 32 bits.
  const high = Math.floor(now / 2 ** 32);
  return (
    hex[(high >>> 8) & 255] +
    hex[high & 255] +
    hex[(now >>> 24) & 255] +
    hex[(now >>> 16) & 255] +
    '-' +
    hex[(now >>> 8) & 255] +
    hex[now & 255] +
    '-' +
    hex[0x70 | (pool[r] & 15)] +
    hex[pool[r + 1]] +
    '-' +
    hex[0x80 | (pool[r + 2] & 63)] +
    hex[pool[r + 3]] +
    '-' +
    hex[pool[r + 4]] +
    hex[pool[r + 5]] +
    hex[pool[r + 6]] +
    hex[pool[r + 7]] +
    hex[pool[r + 8]] +
    hex[pool[r + 9]]
  );
}

/** A new row's id and created_at from one clock read, so the id's time is its created_at to the millisecond. */
export function newTimeOrderedRow(): { id: string; createdAt: string } {
  const now = Date.now();
  return { id: newTimeOrderedId(now), createdAt: isoTime(now) };
}

/** Whether `text` has the shape of a newId() (checked before an id from outside reaches the store). */
export const looksLikeId = (text: string) => /^[0-9a-f-]{36}$/.test(text);

/** A long random token for links and keys (32 characters, 192 bits). */
export const newToken = () => urlSafeId(32);
