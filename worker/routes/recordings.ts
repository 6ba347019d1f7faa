// /api/calls/:id/recording: the call's audio as one WAV file (16 kHz mono PCM16, caller and Echo as
// heard), with byte ranges so a player can seek a long call without downloading all of it. The owner
// and the people invited to the call (while they are participants) may listen; only the owner may
// delete it (the transcript stays). Anyone else, and a call without a recording, gets 404.
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { callSessionStub } from "../call/internal-request";
import { objectCall } from "../call/object-call";
import { db } from "../db/client";
import { deleteRecordingObjects, listChunks, recordingWav } from "../recordings/objects";
import { clearRecording, recordingAccess } from "../db/recordings";
import { ApiError } from "../http/errors";
import { parseRange } from "../http/range";
import { logError } from "../lib/safe-error";

/** The call's object has this long to stop its recording writes (one R2 write's deadline, and more). */
const RECORDER_STOP_DEADLINE_MS = 15_000;

function notFound(): ApiError {
  return new ApiError(404, "not-found", "No recording for this call.");
}

function bucketOf(env: AppEnv["Bindings"]): R2Bucket {
  if (!env.RECORDINGS) throw new ApiError(503, "recordings-unavailable", "Recordings are not configured on this server.");
  return env.RECORDINGS;
}

export const recordingRoutes = new Hono<AppEnv>()
  .get("/:id/recording", async (c) => {
    const user = requireUser(c);
    const callId = c.req.param("id");
    const access = await recordingAccess(db(c.env.DB), callId, user.id);
    if (!access) throw notFound();
    const bucket = bucketOf(c.env);
    const chunks = await listChunks(bucket, callId);
    if (chunks.length === 0) throw notFound();
    const wav = recordingWav(bucket, chunks);
    const headers: Record<string, string> = {
      "Content-Type": "audio/wav",
      "Accept-Ranges": "bytes",
      "Cache-Control": "private, no-store",
    };
    const range = parseRange(c.req.header("range"), wav.size);
    if (range.kind === "unsatisfiable") {
      return c.body(null, 416, { ...headers, "Content-Range": `bytes */${wav.size}` });
    }
    if (range.kind === "whole") {
      return c.body(wav.stream(0, wav.size - 1), 200, { ...headers, "Content-Length": String(wav.size) });
    }
    return c.body(wav.stream(range.start, range.end), 206, {
      ...headers,
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${wav.size}`,
    });
  })
  .delete("/:id/recording", async (c) => {
    const user = requireUser(c);
    const callId = c.req.param("id");
    const database = db(c.env.DB);
    const access = await recordingAccess(database, callId, user.id);
    if (!access || access.role !== "owner") throw notFound();
    // Deleted now, it would go on being written until the call ends: its later chunks kept, unreachable.
    if (access.live) throw new ApiError(409, "call-in-progress", "This call is still in progress. You can delete its recording once it has ended.");
    // The call's object first drops the chunks still waiting for R2 (an outage as the call ended) and
    // finishes a write under way: none can land after the objects below are deleted.
    try {
      await objectCall(() => callSessionStub(c.env, callId).recordingDeleted(), RECORDER_STOP_DEADLINE_MS);
    } catch (err) {
      logError(`recording: call ${callId}'s object did not stop its writes; nothing deleted`, err);
      throw new ApiError(503, "recording-busy", "The recording could not be deleted right now. Please try again.");
    }
    await deleteRecordingObjects(bucketOf(c.env), callId);
    await clearRecording(database, callId);
    return c.body(null, 204);
  });
