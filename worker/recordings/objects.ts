// A call's audio in R2: raw 16 kHz mono PCM16 chunks written while the call runs (one object every few
// seconds, so a call that ends abruptly keeps its audio up to the last chunk), read back as one WAV file
// with byte ranges: only the chunks a range touches are fetched.
import { buildWavHeader } from "../audio/wav";
import { MIX_SAMPLE_RATE } from "../audio/mixdown";

import { chunkKey, recordingPrefix as prefix } from "./keys";

export { chunkKey };

export async function putChunk(bucket: R2Bucket, callId: string, index: number, pcm: Int16Array): Promise<void> {
  await bucket.put(chunkKey(callId, index), new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
}

export interface Chunk {
  key: string;
  size: number;
}

/** The call's chunks in order (empty when it has none). */
export async function listChunks(bucket: R2Bucket, callId: string): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: prefix(callId), cursor });
    for (const o of page.objects) chunks.push({ key: o.key, size: o.size });
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return chunks.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Deletes every object of the call's recording; returns how many there were. */
export async function deleteRecordingObjects(bucket: R2Bucket, callId: string): Promise<number> {
  const keys = (await listChunks(bucket, callId)).map((c) => c.key);
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000));
  return keys.length;
}

/** The recording as a WAV file: its size, and a stream of bytes [start, end] (inclusive). */
export interface WavFile {
  size: number;
  stream(start: number, end: number): ReadableStream<Uint8Array>;
}

export function recordingWav(bucket: R2Bucket, chunks: Chunk[]): WavFile {
  const dataBytes = chunks.reduce((n, c) => n + c.size, 0);
  const header = buildWavHeader(dataBytes, MIX_SAMPLE_RATE);
  const size = header.length + dataBytes;
  return {
    size,
    stream(start, end) {
      // The pieces the range covers: part of the header, then (parts of) the chunks it overlaps.
      const pieces: { chunk: Chunk | null; from: number; to: number }[] = [];
      let at = 0;
      for (const part of [{ chunk: null, size: header.length }, ...chunks.map((c) => ({ chunk: c, size: c.size }))]) {
        const from = Math.max(start, at);
        const to = Math.min(end, at + part.size - 1);
        if (from <= to) pieces.push({ chunk: part.chunk, from: from - at, to: to - at });
        at += part.size;
      }
      let next = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const piece = pieces[next++];
          if (!piece) return controller.close();
          if (!piece.chunk) return controller.enqueue(header.subarray(piece.from, piece.to + 1));
          const object = await bucket.get(piece.chunk.key, { range: { offset: piece.from, length: piece.to - piece.from + 1 } });
          if (!object) return controller.error(new Error(`recording chunk ${piece.chunk.key} is missing`));
          controller.enqueue(new Uint8Array(await object.arrayBuffer()));
        },
      });
    },
  };
}
