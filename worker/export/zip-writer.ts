// A zip archive written as a stream (fflate's streaming Zip): files are added one after another and
// leave as they are made, so an export of any size holds only the file being written in memory. Each
// push waits for the reader (backpressure), so a slow download slows the export instead of filling
// memory. Text is deflated; audio is stored as is (PCM hardly compresses, and storing costs no CPU).
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

const encoder = new TextEncoder();
/** Bytes pushed into the archive at a time. */
const PUSH_BYTES = 64 * 1024;

export class ZipWriter {
  readonly readable: ReadableStream<Uint8Array>;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly zip: Zip;
  private failed: unknown = null;

  constructor(private readonly mtime: number) {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>(undefined, { highWaterMark: 4 });
    this.readable = readable;
    this.writer = writable.getWriter();
    this.zip = new Zip((err, data, final) => {
      if (err) return this.fail(err);
      this.writer.write(data).catch((e: unknown) => this.fail(e));
      if (final) this.writer.close().catch((e: unknown) => this.fail(e));
    });
  }

  /** A text file, deflated. */
  async text(name: string, text: string): Promise<void> {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = this.mtime;
    this.zip.add(file);
    const bytes = encoder.encode(text);
    for (let at = 0; at < bytes.length || at === 0; at += PUSH_BYTES) {
      await this.ready();
      const end = Math.min(bytes.length, at + PUSH_BYTES);
      file.push(bytes.subarray(at, end), end >= bytes.length);
      if (bytes.length === 0) break;
    }
  }

  /** A file read from `source`, stored uncompressed. */
  async stream(name: string, source: ReadableStream<Uint8Array>): Promise<void> {
    const file = new ZipPassThrough(name);
    file.mtime = this.mtime;
    this.zip.add(file);
    const reader = source.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      await this.ready();
      if (done) return file.push(new Uint8Array(0), true);
      file.push(value);
    }
  }

  /** Writes the archive's directory: the download is complete. */
  async end(): Promise<void> {
    await this.ready();
    this.zip.end();
  }

  /** Breaks the download off (the reader sees an error, never a zip that looks whole). */
  abort(reason: unknown): void {
    this.zip.terminate();
    this.fail(reason);
  }

  private async ready(): Promise<void> {
    if (this.failed) throw this.failed;
    await this.writer.ready;
  }

  private fail(err: unknown): void {
    if (this.failed) return;
    this.failed = err ?? new Error("zip failed");
    this.writer.abort(this.failed).catch(() => undefined);
  }
}
