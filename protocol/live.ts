// Live calls: the REST shapes of /api/live-calls and the viewer protocol of /ws/live/:callId.
// Worker and SPA both import this module; no live message type is written anywhere else.
//
// Viewer protocol (server → viewer, JSON text frames unless noted):
//   live_snapshot {call, entries}   first, always: the call's state and every entry so far (seq order)
//   live_entry {entry, at}          a new entry, or a changed one (same id: replace it); in call order
//   live_interrupt {entryId, at}    the caller barged in: the assistant's audio for entryId stops
//   live_ended {status, reason, endTime, at}   the call is over; the server closes the socket after it
//   listening {on}                  acknowledges a `listen` request
//   pong                            answers `ping`
//   live_error {error, code}        a viewer message was refused (the socket stays open)
//   binary frames                   call audio while listening (see encodeLiveAudioFrame)
// Viewer → server: listen {on}, ping. Ping/pong: protocol/heartbeat.ts; the address and its version:
// protocol/sockets.ts. Both directions are schemas below; both sides read frames with them.
// `at` is the server's clock (epoch ms) when the event was fanned out.
import { z } from "zod";
import { aiProviderNameSchema, callTypeSchema, type Speaker, transcriptEntrySchema } from "./call-messages";
import { aiEnginesSchema } from "./engines";
import { messageReader } from "./frame";
import { pingMessageSchema, pongMessageSchema } from "./heartbeat";
import type { CallHeading } from "./call-history";
import type { SafetyCategory } from "./safety";

// ---- REST: GET /api/live-calls, invite, uninvite, join ----

export type LiveRole = "owner" | "participant";

export interface LiveParticipant {
  userId: string;
  displayName: string;
  /** Only shown to the call's owner (who typed it when inviting). */
  email: string | null;
  invitedAt: number;
  /** When this user pressed Join Call (null: not yet). */
  joinedAt: number | null;
}

/** A call in progress that the signed-in user owns or takes part in. */
export interface LiveCallSummary extends CallHeading {
  id: string;
  role: LiveRole;
  ownerName: string;
  /** When the signed-in user pressed Join Call on this call (null: not yet). */
  myJoinedAt: number | null;
  /** The invited users (never the owner). */
  participants: LiveParticipant[];
  /** The safety net flagged the call (its most urgent category so far); null: not. */
  safetyAlert: SafetyCategory | null;
}

export interface LiveCallList {
  calls: LiveCallSummary[];
}

export const MAX_EMAIL_CHARS = 254;

/** POST /api/live-calls/:id/participants */
export const inviteSchema = z.object({
  email: z.string().trim().min(1, "Enter the email address of the person to invite.").max(MAX_EMAIL_CHARS).email("Please enter a valid email address."),
});
export type InviteRequest = z.infer<typeof inviteSchema>;

/** People one call can be shared with (its owner not counted). */
export const MAX_INVITED_PER_CALL = 25;

/** POST /api/live-calls/:id/participants (owner only): an invitation (inviteSchema). */
export function participantsPath(callId: string): string {
  return `/api/live-calls/${encodeURIComponent(callId)}/participants`;
}

/** DELETE /api/live-calls/:id/participants/:userId (owner only): the call is no longer shared with them. */
export function participantPath(callId: string, userId: string): string {
  return `${participantsPath(callId)}/${encodeURIComponent(userId)}`;
}

/** Answer of the invite: the participant as stored (inviting someone again renews their invitation). */
export interface InviteResponse {
  participant: LiveParticipant;
}

/** Answer of GET /api/live-calls/:id/participants (the owner only): who the call is shared with, also after it ended. */
export interface ParticipantList {
  participants: LiveParticipant[];
}

/** Answer of POST /api/live-calls/:id/join. */
export interface JoinResponse {
  callId: string;
  joinedAt: number;
}

// ---- viewer socket ----

export const livePhaseSchema = z.enum(["active", "ended"]);
export type LivePhase = z.infer<typeof livePhaseSchema>;

/** What a viewer learns about the call (never the persona or internal bookkeeping). */
export const liveCallStateSchema = z.object({
  callId: z.string(),
  callType: callTypeSchema,
  echoName: z.string(),
  provider: aiProviderNameSchema,
  engines: aiEnginesSchema,
  fromNumber: z.string().nullable(),
  startTime: z.number(),
  phase: livePhaseSchema,
  endTime: z.number().nullable(),
  /** Final status once ended (completed, abandoned, failed). */
  status: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type LiveCallState = z.infer<typeof liveCallStateSchema>;

/** Largest viewer frame a viewer reads (the snapshot carries the whole transcript so far). */
export const MAX_VIEWER_SERVER_FRAME_BYTES = 4_000_000;

export const viewerServerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("live_snapshot"), call: liveCallStateSchema, entries: z.array(transcriptEntrySchema) }),
  z.object({ type: z.literal("live_entry"), entry: transcriptEntrySchema, at: z.number() }),
  z.object({ type: z.literal("live_interrupt"), entryId: z.string(), at: z.number() }),
  z.object({ type: z.literal("live_ended"), status: z.string(), reason: z.string(), endTime: z.number(), at: z.number() }),
  z.object({ type: z.literal("listening"), on: z.boolean() }),
  pongMessageSchema,
  z.object({ type: z.literal("live_error"), error: z.string(), code: z.string() }),
]);
export type ViewerServerMessage = z.infer<typeof viewerServerMessageSchema>;
export const viewerServerMessages = messageReader(viewerServerMessageSchema, MAX_VIEWER_SERVER_FRAME_BYTES);

/** Largest viewer text frame accepted (viewer messages are tiny). */
export const MAX_VIEWER_FRAME_BYTES = 1024;

export const viewerMessageSchema = z.discriminatedUnion("type", [z.object({ type: z.literal("listen"), on: z.boolean() }), pingMessageSchema]);
export type ViewerClientMessage = z.infer<typeof viewerMessageSchema>;
export const viewerClientMessages = messageReader(viewerMessageSchema, MAX_VIEWER_FRAME_BYTES);

// ---- audio frames (binary) ----
//
// [0] LIVE_AUDIO_MAGIC  [1] speaker (0 caller, 1 assistant)  [2..3] reserved (0)
// [4..7] sample rate, uint32 little-endian  [8..] mono PCM16 little-endian samples.

export const LIVE_AUDIO_MAGIC = 0xa1;
export const LIVE_AUDIO_HEADER_BYTES = 8;
/** Samples per frame at most (1 s at 16 kHz): longer audio goes out as several frames. */
export const LIVE_AUDIO_MAX_SAMPLES = 16_000;

export interface LiveAudioFrame {
  speaker: Speaker;
  sampleRate: number;
  pcm: Int16Array;
}

export function encodeLiveAudioFrame(frame: LiveAudioFrame): ArrayBuffer {
  const buffer = new ArrayBuffer(LIVE_AUDIO_HEADER_BYTES + frame.pcm.length * 2);
  const view = new DataView(buffer);
  view.setUint8(0, LIVE_AUDIO_MAGIC);
  view.setUint8(1, frame.speaker === "assistant" ? 1 : 0);
  view.setUint32(4, frame.sampleRate, true);
  for (let i = 0; i < frame.pcm.length; i++) view.setInt16(LIVE_AUDIO_HEADER_BYTES + i * 2, frame.pcm[i] ?? 0, true);
  return buffer;
}

/** The frame in `data`, or null when it is not a live audio frame. */
export function decodeLiveAudioFrame(data: ArrayBuffer): LiveAudioFrame | null {
  if (data.byteLength < LIVE_AUDIO_HEADER_BYTES || (data.byteLength - LIVE_AUDIO_HEADER_BYTES) % 2 !== 0) return null;
  const view = new DataView(data);
  const speaker = view.getUint8(1);
  const sampleRate = view.getUint32(4, true);
  if (view.getUint8(0) !== LIVE_AUDIO_MAGIC || speaker > 1 || sampleRate < 3000 || sampleRate > 96_000) return null;
  const pcm = new Int16Array((data.byteLength - LIVE_AUDIO_HEADER_BYTES) / 2);
  for (let i = 0; i < pcm.length; i++) pcm[i] = view.getInt16(LIVE_AUDIO_HEADER_BYTES + i * 2, true);
  return { speaker: speaker === 1 ? "assistant" : "caller", sampleRate, pcm };
}

/** Splits PCM into frames of at most LIVE_AUDIO_MAX_SAMPLES. */
export function splitPcm(pcm: Int16Array, max = LIVE_AUDIO_MAX_SAMPLES): Int16Array[] {
  const out: Int16Array[] = [];
  for (let i = 0; i < pcm.length; i += max) out.push(pcm.subarray(i, Math.min(pcm.length, i + max)));
  return out;
}
