// Twilio's media frames (50 a second per call) read without JSON.parse and without a single object per
// frame. JSON.parse internalizes every short string value it meets (V8 keeps values of up to 10
// characters in its string table), so each frame's sequence number, chunk and timestamp — new numbers
// every frame — became old-generation strings, which only a full garbage collection frees; and an object
// per frame (or two, with its strings) is garbage the whole isolate pays for in collections at 100
// calls. MediaFrameReader reads the one shape Twilio sends — an object of string fields with the nested
// `media` object, every key once, any key order, spaces allowed — and keeps where each value is in the
// text: the caller checks and uses the values in place (media-messages.ts: isPlainMediaFrame). Anything
// else — escapes, control characters (line breaks included), other, repeated or missing keys,
// non-string values, broken text — is refused, and the caller parses the frame the usual way (which
// then accepts it or refuses it with the schema's own words). It never accepts what that path refuses
// (test/unit/twilio/media-scan.test.ts compares both on valid, varied and mutated frames).

const QUOTE = 0x22;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const SPACE = 0x20;

/** What sends a frame to the usual parser: escapes and raw control characters. */
const UNPLAIN = /[\\\u0000-\u001f]/;

const TOP_KEYS = ["event", "sequenceNumber", "streamSid", "media"] as const;
const MEDIA_KEYS = ["track", "chunk", "timestamp", "payload"] as const;
/** The top-level key whose value is the nested object. */
const NESTED = 3;
/** Slots 0–3: the top level's keys; 4–7: the nested object's. */
const MEDIA_BASE = 4;
const ALL_KEYS = 0b1111;

export type MediaFrameField = "event" | "sequenceNumber" | "streamSid" | "track" | "chunk" | "timestamp" | "payload";
const SLOT: Record<MediaFrameField, number> = { event: 0, sequenceNumber: 1, streamSid: 2, track: 4, chunk: 5, timestamp: 6, payload: 7 };

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

/** Reads one frame at a time; keeps the last accepted frame's text and where its values are. */
export class MediaFrameReader {
  /** Start and end (exclusive) of each slot's value in `text`. */
  private readonly bounds = new Int32Array(16);
  private text = "";

  /** True when `text` has Twilio's plain media shape; its values are then read with the methods below. */
  read(text: string): boolean {
    if (UNPLAIN.test(text)) return false;
    this.text = text;
    const end = this.object(text, 0, 0);
    return end >= 0 && skip(text, end) === text.length;
  }

  /** Length of a field's value (in UTF-16 code units, as a JSON string's length). */
  length(field: MediaFrameField): number {
    return this.end(field) - this.start(field);
  }

  /** True when a field's value is exactly `word` (compared in place). */
  is(field: MediaFrameField, word: string): boolean {
    return this.length(field) === word.length && this.text.startsWith(word, this.start(field));
  }

  /** A field's value as a new string (for the rare paths: errors, materializing). */
  value(field: MediaFrameField): string {
    return this.text.slice(this.start(field), this.end(field));
  }

  /** A field of decimal digits (the caller checked it: isPlainMediaFrame) as a number, read in place. */
  number(field: MediaFrameField): number {
    let n = 0;
    for (let i = this.start(field), end = this.end(field); i < end; i++) n = n * 10 + (this.text.charCodeAt(i) - 48);
    return n;
  }

  /** The frame's text (the last one `read` accepted). */
  get frameText(): string {
    return this.text;
  }

  /** Where a field's value starts in frameText. */
  start(field: MediaFrameField): number {
    return this.bounds[2 * SLOT[field]]!;
  }

  /** Where a field's value ends in frameText (exclusive). */
  end(field: MediaFrameField): number {
    return this.bounds[2 * SLOT[field] + 1]!;
  }

  /** The object at `at` (after spaces) with the keys of slots from `base`: the position after it, or -1. */
  private object(text: string, at: number, base: number): number {
    const keys = base === 0 ? TOP_KEYS : MEDIA_KEYS;
    at = skip(text, at);
    if (text.charCodeAt(at) !== OPEN) return -1;
    at = skip(text, at + 1);
    let seen = 0;
    for (;;) {
      // key
      if (text.charCodeAt(at) !== QUOTE) return -1;
      const index = wordAt(text, at + 1, keys);
      if (index < 0 || (seen & (1 << index)) !== 0) return -1;
      seen |= 1 << index;
      at = skip(text, at + keys[index]!.length + 2);
      if (text.charCodeAt(at) !== COLON) return -1;
      at = skip(text, at + 1);
      // value
      if (base === 0 && index === NESTED) {
        at = this.object(text, at, MEDIA_BASE);
        if (at < 0) return -1;
      } else {
        if (text.charCodeAt(at) !== QUOTE) return -1;
        const valueEnd = text.indexOf('"', at + 1);
        if (valueEnd < 0) return -1;
        this.bounds[2 * (base + index)] = at + 1;
        this.bounds[2 * (base + index) + 1] = valueEnd;
        at = valueEnd + 1;
      }
      at = skip(text, at);
      const next = text.charCodeAt(at);
      if (next === CLOSE) return seen === ALL_KEYS ? at + 1 : -1;
      if (next !== COMMA) return -1;
      at = skip(text, at + 1);
    }
  }
}
