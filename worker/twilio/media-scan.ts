// Twilio's media frames (50 a second per call) read without JSON.parse. JSON.parse internalizes every
// short string value it meets (V8 keeps values of up to 10 characters in its string table), so each
// frame's sequence number, chunk and timestamp — new numbers every frame — became old-generation
// strings, which only a full garbage collection frees, and every call on the isolate waits through
// those. This scanner reads the one shape Twilio sends: an object of string fields with the nested
// `media` object, any key order, spaces allowed. Anything else — escapes, control characters (line
// breaks included), other keys, repeated keys, non-string values, broken text — returns null, and the
// caller parses the frame the usual way (which then accepts it or refuses it with the schema's own
// words). It never accepts what that path refuses (test/unit/twilio-media-scan.test.ts compares both on
// valid, varied and mutated frames).

const QUOTE = 0x22;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const SPACE = 0x20;

/** What sends a frame to the usual parser: escapes and raw control characters. */
const UNPLAIN = /[\\\u0000-\u001f]/;

/** An object's keys, each once; values are strings, except `nested`'s, an object of its own shape. */
interface Shape {
  keys: readonly string[];
  nested?: { key: string; shape: Shape };
}
const MEDIA_SHAPE: Shape = { keys: ["track", "chunk", "timestamp", "payload"] };
const FRAME_SHAPE: Shape = { keys: ["event", "sequenceNumber", "streamSid", "media"], nested: { key: "media", shape: MEDIA_SHAPE } };
/** Values read as these very strings instead of new copies (most frames' `event` and `track`). */
const KNOWN_VALUES = ["media", "inbound", "outbound"];

/** The index in `words` of the word written at `at` and closed by a quote, or -1 (nothing is copied). */
function wordAt(text: string, at: number, words: readonly string[]): number {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (text.charCodeAt(at + w.length) === QUOTE && text.startsWith(w, at)) return i;
  }
  return -1;
}

/** Position after any spaces from `at`. */
function skip(text: string, at: number): number {
  while (text.charCodeAt(at) === SPACE) at++;
  return at;
}

/** The members of the object at `at` (after spaces), of `shape`, into `into`: the position after it, or -1. */
function readObject(text: string, at: number, shape: Shape, into: Record<string, unknown>): number {
  const keys = shape.keys;
  at = skip(text, at);
  if (text.charCodeAt(at) !== OPEN) return -1;
  at = skip(text, at + 1);
  if (text.charCodeAt(at) === CLOSE) return at + 1;
  let seen = 0;
  for (;;) {
    // key
    if (text.charCodeAt(at) !== QUOTE) return -1;
    const index = wordAt(text, at + 1, keys);
    if (index < 0 || (seen & (1 << index)) !== 0) return -1;
    seen |= 1 << index;
    const key = keys[index]!;
    at = skip(text, at + key.length + 2);
    if (text.charCodeAt(at) !== COLON) return -1;
    at = skip(text, at + 1);
    // value
    if (shape.nested && key === shape.nested.key) {
      const inner: Record<string, unknown> = {};
      into[key] = inner;
      at = readObject(text, at, shape.nested.shape, inner);
      if (at < 0) return -1;
    } else {
      if (text.charCodeAt(at) !== QUOTE) return -1;
      const known = wordAt(text, at + 1, KNOWN_VALUES);
      const valueEnd = known >= 0 ? at + 1 + KNOWN_VALUES[known]!.length : text.indexOf('"', at + 1);
      if (valueEnd < 0) return -1;
      into[key] = known >= 0 ? KNOWN_VALUES[known] : text.slice(at + 1, valueEnd);
      at = valueEnd + 1;
    }
    at = skip(text, at);
    const next = text.charCodeAt(at);
    if (next === CLOSE) return at + 1;
    if (next !== COMMA) return -1;
    at = skip(text, at + 1);
  }
}

/**
 * The raw fields of a media frame in Twilio's plain shape, or null. Values are not checked here: the
 * caller checks them as the schema does (isMediaMessage in media-messages.ts).
 */
export function scanMediaFrame(text: string): Record<string, unknown> | null {
  if (UNPLAIN.test(text)) return null;
  const top: Record<string, unknown> = {};
  const end = readObject(text, 0, FRAME_SHAPE, top);
  return end >= 0 && skip(text, end) === text.length ? top : null;
}
