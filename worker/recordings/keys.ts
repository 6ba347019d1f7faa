// Where a call's recording lives in the R2 bucket: calls/{callId}/audio/{chunk, 8 digits}.pcm.
// Pure (also used by the seed script, outside the Worker).

export const recordingPrefix = (callId: string): string => `calls/${callId}/audio/`;

/** Chunk `index` of a call (zero-padded so keys sort in order). */
export function chunkKey(callId: string, index: number): string {
  return `${recordingPrefix(callId)}${String(index).padStart(8, "0")}.pcm`;
}
