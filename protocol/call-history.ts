// Call history API shapes (GET /api/calls, /api/calls/:id, /api/calls/search), shared by worker and SPA.
import { z } from "zod";
import type { CallType, TranscriptEntry } from "./call-messages";
import type { CallRecap } from "./summary";
import type { SafetyCategory } from "./safety";

export const CALL_TYPES = ["phone", "browser_test"] as const satisfies readonly CallType[];

/** Characters of transcript shown in a Call History row (spec §9). */
export const TRANSCRIPT_PREVIEW_CHARS = 100;
export const CALLS_PAGE_DEFAULT = 20;
export const CALLS_PAGE_MAX = 100;
export const SEARCH_QUERY_MAX_CHARS = 200;
export const SEARCH_RESULTS_MAX = 50;

/** The statuses a call is stored with: in progress while live, then how it ended. */
export const CALL_STATUSES = ["in-progress", "completed", "abandoned", "failed"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
/** The status of a call while it runs (a live call). */
export const CALL_IN_PROGRESS = "in-progress" satisfies CallStatus;

/** Formats of GET /api/calls: the JSON page, or the whole filtered list as a CSV file. */
export const CALL_LIST_FORMATS = ["json", "csv"] as const;
/** Rows a CSV export holds at most (newest first); more are cut and the answer says so. */
export const CALLS_CSV_MAX_ROWS = 5_000;
/** Response header of a CSV export that was cut at CALLS_CSV_MAX_ROWS. */
export const CALLS_CSV_TRUNCATED_HEADER = "X-Echo-Truncated";

const epochMs = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a time in epoch milliseconds` })
    .int(`${name} must be a whole number of milliseconds`)
    .min(0, `${name} must not be negative`)
    .max(8.64e15, `${name} is out of range`)
    .optional();

/**
 * Query of GET /api/calls: a page (cursor, limit) of the calls that pass every filter given — call type,
 * safety alerts, one Echo, a status, a start time in [since, until] — or, with `format=csv`, all of them
 * (at most CALLS_CSV_MAX_ROWS) as a CSV file.
 */
export const callListQuerySchema = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(CALLS_PAGE_MAX).default(CALLS_PAGE_DEFAULT),
    callType: z.enum(CALL_TYPES, { message: "must be phone or browser_test" }).optional(),
    /** `safety=1`: only calls with a safety alert. */
    safety: z
      .enum(["0", "1"])
      .optional()
      .transform((v) => v === "1"),
    /** Only the calls of this Echo of the user's. */
    echoId: z.string().min(1).max(100).optional(),
    status: z.enum(CALL_STATUSES, { message: `must be one of ${CALL_STATUSES.join(", ")}` }).optional(),
    /** Calls that started at or after this time (epoch ms). */
    since: epochMs("since"),
    /** Calls that started at or before this time (epoch ms). */
    until: epochMs("until"),
    format: z.enum(CALL_LIST_FORMATS, { message: "must be json or csv" }).default("json"),
  })
  .refine((q) => q.since === undefined || q.until === undefined || q.since <= q.until, {
    message: "since must not be after until",
    path: ["since"],
  });
export type CallListQuery = z.output<typeof callListQuerySchema>;

/** Query of GET /api/calls/search. */
export const callSearchQuerySchema = z.object({
  q: z.string().trim().min(1, "Enter something to search for.").max(SEARCH_QUERY_MAX_CHARS),
});

export const EXPORT_FORMATS = ["txt", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How a call is named wherever it is listed (history, search hits, live calls). */
export interface CallHeading {
  callType: CallType;
  startTime: number;
  /** E.164 caller number for phone calls; null for browser test calls. */
  fromNumber: string | null;
  /** Null when the Echo is gone (or a phone call had none). */
  echoName: string | null;
}

/** One row of Call History. */
export interface CallSummary extends CallHeading {
  id: string;
  /** As stored (spec §4). */
  status: string;
  endTime: number | null;
  /** Whole seconds, null while unknown. */
  duration: number | null;
  echoId: string | null;
  /** The first TRANSCRIPT_PREVIEW_CHARS characters of the transcript ("" when empty). */
  preview: string;
  /** True when the transcript continues beyond `preview`. */
  previewTruncated: boolean;
  /** The call's ready summary text (Call History shows it instead of the transcript preview); else null. */
  summaryText: string | null;
  /** The most urgent safety category a caller turn of this call hit (protocol/safety.ts); null: none. */
  safetyAlert: SafetyCategory | null;
  /** The caller is known to be the owner (issue 42 §4); a phone call without it shows "Unverified caller". */
  callerVerified: boolean;
}

/** GET /api/calls: newest startTime first; pass `nextCursor` back as `cursor` for the next page. */
export interface CallListPage {
  calls: CallSummary[];
  nextCursor: string | null;
}

/** GET /api/calls/:id */
export interface CallDetail extends CallSummary {
  endReason: string | null;
  /** The call's summary; null before the call ended (or for calls from before summaries existed). */
  recap: CallRecap | null;
  /** Every entry in seq order. */
  transcript: TranscriptEntry[];
  /** The call's audio, null when it was not recorded or the recording was deleted. */
  recording: CallRecording | null;
}

/**
 * A call's recording: GET `url` answers audio/wav (16 kHz mono PCM16, caller and Echo mixed as heard;
 * Range requests answer 206), DELETE `url` removes it (the owner; the transcript stays).
 */
export interface CallRecording {
  url: string;
  /** Epoch ms at offset 0 of the audio; entries carry their own `audioOffsetMs`. */
  startedAt: number;
}

/** The recording's address for a call. */
export const recordingUrl = (callId: string): string => `/api/calls/${encodeURIComponent(callId)}/recording`;

/** One transcript entry matching a search. */
export interface CallSearchHit extends CallHeading {
  callId: string;
  entry: TranscriptEntry;
}

/** GET /api/calls/search?q= : newest calls first, at most SEARCH_RESULTS_MAX hits. */
export interface CallSearchResult {
  query: string;
  hits: CallSearchHit[];
  /** More hits existed than were returned. */
  truncated: boolean;
}

/** The JSON transcript export (GET /api/calls/:id/export?format=json). */
export interface CallExport {
  exportedAt: number;
  call: CallDetail;
}
