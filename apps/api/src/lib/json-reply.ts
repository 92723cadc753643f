// The route mounter's reply (lib/http.ts): the bytes, headers and ETag express's `res.json` sends, without the reply
// as one string. A long reply's string (the day planner's is 144 KB) is a large object for V8, and turning it into
// bytes cost more CPU than the rest of the reply's way out (bench/RESULTS.md, session 17): each of the reply's
// fields and each item of its lists is stringified alone, into room kept from one reply to the next.
import type { Response } from 'express';

const ROOM_BYTES = 64 * 1024;
/** A reply that needed more room than this lets it go afterwards. */
const ROOM_KEPT_BYTES = 1024 * 1024;
let room = Buffer.allocUnsafe(ROOM_BYTES);

/** An object JSON.stringify writes key by key: a plain one, with no toJSON of its own. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}

/**
 * JSON.stringify(value)'s UTF-8 bytes: its keys in their order, a key whose value JSON leaves out (undefined, a
 * function) left out, a list's such items written null; the values are the contract's (no toJSON reading its key).
 */
function jsonBytes(value: Record<string, unknown>): Buffer {
  let length = 0;
  const put = (text: string) => {
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    const most = length + text.length * 3;
    if (most > room.length) {
      const larger = Buffer.allocUnsafe(Math.max(room.length * 2, most));
      room.copy(larger, 0, 0, length);
      room = larger;
    }
    length += room.write(text, length, 'utf8');
  };
  let separator = '{';
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (Array.isArray(field)) {
      put(`${separator}${JSON.stringify(key)}:[`);
      // A loop, not forEach: a hole is written null too.
      for (let index = 0; index < field.length; index++) put(`${index === 0 ? '' : ','}${(JSON.stringify(field[index]) as string | undefined) ?? 'null'}`);
      put(']');
    } else {
      const text = JSON.stringify(field) as string | undefined;
      if (text === undefined) continue;
      put(`${separator}${JSON.stringify(key)}:${text}`);
    }
    separator = ',';
  }
  put(separator === '{' ? '{}' : '}');
  const bytes = Buffer.from(room.subarray(0, length));
  if (room.length > ROOM_KEPT_BYTES) room = Buffer.allocUnsafe(ROOM_BYTES);
  return bytes;
}

/** `res.status(status).json(body)`, the same bytes and headers; a plain object's written as jsonBytes. */
export function sendJson(res: Response, status: number, body: unknown) {
  const { app } = res;
  // Express's JSON settings, a type already chosen, or a body that is not a plain object: express's own way.
  if (!isPlainObject(body) || res.get('Content-Type') !== undefined || app.get('json replacer') || app.get('json spaces') || app.get('json escape')) {
    res.status(status).json(body);
    return;
  }
  // The type res.json then res.send give a string: application/json with its charset.
  res.status(status).set('Content-Type', 'application/json; charset=utf-8').send(jsonBytes(body));
}
