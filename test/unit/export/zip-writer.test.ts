// The export's streaming zip (worker/export/zip-writer.ts): files come out whole and in order, audio
// stored as is and text deflated; a source that fails part-way breaks the stream off (a reader never
// gets an archive that looks whole); the writer waits for its reader (backpressure).
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ZipWriter } from "../../../worker/export/zip-writer";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const streamOf = (chunks: Uint8Array[], failAfter = Infinity) => {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i >= failAfter) return controller.error(new Error("R2 went away"));
      const chunk = chunks[i++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
};

describe("ZipWriter", () => {
  it("writes text (deflated), streamed files (stored) and empty files that unzip back exactly", async () => {
    const zip = new ZipWriter(Date.UTC(2026, 11, 1));
    const reading = readAll(zip.readable);
    const big = "line of transcript\n".repeat(20_000); // over one push
    const audio = [new Uint8Array(70_000).fill(7), new Uint8Array(10).fill(9)];
    await zip.text("a/notes.txt", big);
    await zip.stream("a/audio.wav", streamOf(audio));
    await zip.text("empty.txt", "");
    await zip.end();
    const bytes = await reading;
    expect(bytes.length).toBeLessThan(big.length); // the text was compressed
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(["a/notes.txt", "a/audio.wav", "empty.txt"]);
    expect(strFromU8(files["a/notes.txt"]!)).toBe(big);
    expect(files["a/audio.wav"]!.length).toBe(70_010);
    expect(files["a/audio.wav"]![70_005]).toBe(9);
    expect(files["empty.txt"]!.length).toBe(0);
  });

  it("a source failing part-way breaks the download off with an error", async () => {
    const zip = new ZipWriter(Date.UTC(2026, 0, 1));
    const reading = readAll(zip.readable);
    await zip.text("first.txt", "fine");
    const failing = zip.stream("rec.wav", streamOf([new Uint8Array(100), new Uint8Array(100)], 1));
    await expect(failing).rejects.toThrow("R2 went away");
    zip.abort(new Error("R2 went away"));
    await expect(reading).rejects.toThrow("R2 went away");
  });

  it("waits for its reader: with nobody reading, a large file does not all go into memory at once", async () => {
    const zip = new ZipWriter(Date.UTC(2026, 0, 1));
    let pushed = 0;
    const chunks = Array.from({ length: 200 }, () => new Uint8Array(64 * 1024));
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        const c = chunks[pushed++];
        if (c) controller.enqueue(c);
        else controller.close();
      },
    });
    const writing = zip.stream("big.bin", source);
    await new Promise((r) => setTimeout(r, 50));
    expect(pushed).toBeLessThan(20); // held by backpressure, not 200 chunks read ahead
    const reading = readAll(zip.readable);
    await writing;
    await zip.end();
    expect(unzipSync(await reading)["big.bin"]!.length).toBe(200 * 64 * 1024);
  });
});
