// GET /api/account/export: everything of an account in one zip, streamed as it is made (zip-writer.ts).
// One function per section, in the order of SECTIONS:
//   profile.json                   the account (email, name, linked phone number, how it signs in)
//   echoes.json                    every Echo with its settings
//   calls/<day>_<id>/call.json     each call with its transcript, summary and recording's details
//   calls/<day>_<id>/transcript.txt the same call as readable text
//   calls/<day>_<id>/recording.wav its recording, while the recordings so far stay under
//                                  EXPORT_RECORDINGS_MAX_BYTES (the rest are listed in README.txt, with
//                                  the address that plays them for the signed-in owner)
//   README.txt                     what is in the archive and what is not
//   memory.json                    what each Echo remembers of you (worker/memory/), with the call it came from
import { ACCOUNT_EXPORT_PATH, EXPORT_RECORDINGS_MAX_BYTES } from "../../protocol/account-data";
import type { CallDetail } from "../../protocol/call-history";
import type { Env } from "../config/env";
import { type CallCursor, getCallDetail, listCalls } from "../db/calls";
import type { Db } from "../db/client";
import { listEchoes } from "../db/echoes";
import { type UserRow, toProfile } from "../db/users";
import { logError } from "../lib/safe-error";
import { exportMemory } from "../memory/store";
import { listChunks, recordingWav } from "../recordings/objects";
import { transcriptJson, transcriptText } from "./transcript";
import { ZipWriter } from "./zip-writer";

/** Calls read per page of the history. */
const CALL_PAGE = 100;

interface ExportContext {
  env: Pick<Env, "RECORDINGS">;
  database: Db;
  user: UserRow;
  now: number;
  zip: ZipWriter;
  /** What the README says: counts, and the recordings left out (over the size limit, or unreadable). */
  notes: { calls: number; echoes: number; memories: number; recordings: number; recordingBytes: number; recordingsLeftOut: { callId: string; url: string; why: string }[] };
}

type Section = (ctx: ExportContext) => Promise<void>;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** e.g. echo-export-2026-12-01.zip */
export function accountExportFileName(now: number): string {
  return `echo-export-${new Date(now).toISOString().slice(0, 10)}.zip`;
}

async function profileSection({ zip, user, now }: ExportContext): Promise<void> {
  await zip.text(
    "profile.json",
    json({
      exportedAt: now,
      profile: toProfile(user),
      phoneNumber: user.phoneNumber,
      phoneEchoId: user.phoneEchoId,
      signsInWith: user.passwordHash ? "password" : "google",
    }),
  );
}

async function echoesSection(ctx: ExportContext): Promise<void> {
  const echoes = await listEchoes(ctx.database, ctx.user.id);
  ctx.notes.echoes = echoes.length;
  await ctx.zip.text("echoes.json", json({ echoes }));
}

const callFolder = (call: CallDetail) => `calls/${new Date(call.startTime).toISOString().slice(0, 10)}_${call.id.replace(/[^A-Za-z0-9-]/g, "")}`;

/** Every call, newest first: its JSON and text, and its recording (recordingFile). */
async function callsSection(ctx: ExportContext): Promise<void> {
  let cursor: CallCursor | null = null;
  do {
    const page: Awaited<ReturnType<typeof listCalls>> = await listCalls(ctx.database, ctx.user.id, { limit: CALL_PAGE, cursor });
    for (const summary of page.calls) {
      const call = await getCallDetail(ctx.database, ctx.user.id, summary.id);
      if (!call) continue; // deleted while the export ran
      const folder = callFolder(call);
      await ctx.zip.text(`${folder}/call.json`, transcriptJson(call, ctx.now));
      await ctx.zip.text(`${folder}/transcript.txt`, transcriptText(call));
      await recordingFile(ctx, call, folder);
      ctx.notes.calls += 1;
    }
    cursor = page.nextCursor;
  } while (cursor);
}

async function recordingFile(ctx: ExportContext, call: CallDetail, folder: string): Promise<void> {
  const bucket = ctx.env.RECORDINGS;
  if (!call.recording || !bucket) return;
  const leftOut = (why: string): void => {
    ctx.notes.recordingsLeftOut.push({ callId: call.id, url: call.recording!.url, why });
  };
  let wav;
  try {
    const chunks = await listChunks(bucket, call.id);
    if (chunks.length === 0) return;
    wav = recordingWav(bucket, chunks);
  } catch (err) {
    logError(`account export: call ${call.id}'s recording could not be listed`, err);
    return leftOut("it could not be read just now");
  }
  if (ctx.notes.recordingBytes + wav.size > EXPORT_RECORDINGS_MAX_BYTES) return leftOut("the archive's recordings reached their size limit");
  // A read that fails part-way breaks the download off (zip-writer.ts): never an archive that looks whole.
  await ctx.zip.stream(`${folder}/recording.wav`, wav.stream(0, wav.size - 1));
  ctx.notes.recordings += 1;
  ctx.notes.recordingBytes += wav.size;
}

async function readmeSection({ zip, notes, now }: ExportContext): Promise<void> {
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  const lines = [
    "Your Echo data",
    `Exported ${new Date(now).toISOString()} from ${ACCOUNT_EXPORT_PATH}.`,
    "",
    "profile.json   your account: email, name, linked phone number, how you sign in",
    `echoes.json    your Echoes (${notes.echoes})`,
    `memory.json    what your Echoes remember of you (${notes.memories} items), each with the call it came from`,
    `calls/         your calls (${notes.calls}), one folder each: call.json (the call, its transcript with emotions, its summary),`,
    "               transcript.txt (the same, to read), recording.wav (the call as heard, 16 kHz mono) when it was recorded",
    "",
    `Recordings included: ${notes.recordings} (${mb(notes.recordingBytes)}; at most ${mb(EXPORT_RECORDINGS_MAX_BYTES)} per export).`,
  ];
  if (notes.recordingsLeftOut.length) {
    lines.push("Recordings not included (download each while signed in, or delete some calls and export again):");
    for (const r of notes.recordingsLeftOut) lines.push(`- call ${r.callId}: ${r.url} (${r.why})`);
  }
  lines.push("", "Calls other people shared with you are theirs, and are not in this archive.");
  await zip.text("README.txt", `${lines.join("\n")}\n`);
}

/** What each Echo remembers of the account's owner (worker/memory/): every item, with its Echo and source call. */
async function memorySection(ctx: ExportContext): Promise<void> {
  const items = await exportMemory(ctx.database, ctx.user.id);
  ctx.notes.memories = items.length;
  await ctx.zip.text("memory.json", json({ memory: items }));
}

/** The archive's sections, in order. */
const SECTIONS: readonly Section[] = [profileSection, echoesSection, memorySection, callsSection, readmeSection];

/** The account's zip as a stream; a failure part-way breaks the stream off (and is logged). */
export function accountZip(env: Pick<Env, "RECORDINGS">, database: Db, user: UserRow, now = Date.now()): ReadableStream<Uint8Array> {
  const zip = new ZipWriter(now);
  const ctx: ExportContext = { env, database, user, now, zip, notes: { calls: 0, echoes: 0, memories: 0, recordings: 0, recordingBytes: 0, recordingsLeftOut: [] } };
  const writing = (async () => {
    for (const section of SECTIONS) await section(ctx);
    await zip.end();
  })();
  writing.catch((err: unknown) => {
    logError("account export broke off", err);
    zip.abort(err);
  });
  return zip.readable;
}
