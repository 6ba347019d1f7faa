// D1 schema (drizzle). Times are epoch milliseconds; `duration` is whole seconds.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { EMOTION_SOURCES, type ActionLine, type EmotionScores, type TurnLatency, type TurnOutcome } from "../../protocol/call-messages";
import { MEMORY_KINDS } from "../../protocol/memory";
import { CALLBACK_STATUSES } from "../../protocol/callbacks";
import type { RecapMethod, RecapStatus } from "../../protocol/summary";
import { SAFETY_CATEGORIES } from "../../protocol/safety";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Stored lower-cased: unique and case-insensitive. */
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    photoURL: text("photo_url"),
    createdAt: integer("created_at").notNull(),
    totalCalls: integer("total_calls").notNull().default(0),
    subscription: text("subscription").notNull().default("free"),
    passwordHash: text("password_hash"),
    googleSub: text("google_sub"),
    /** E.164 number linked by the phone-linking flow. */
    phoneNumber: text("phone_number"),
    /**
     * The Echo that answers this user's phone calls, chosen explicitly (worker/db/echoes.ts: set by the
     * first Echo made, moved when it is deactivated); null: no active Echo, the built-in assistant answers.
     */
    phoneEchoId: text("phone_echo_id"),
    /** When the owner of `email` proved it (a verification link, or Google's email_verified); null: not yet. */
    emailVerifiedAt: integer("email_verified_at"),
    /** Record this user's phone calls when no active Echo answers them (the built-in assistant does). */
    recordCallsWithoutEcho: integer("record_calls_without_echo", { mode: "boolean" }).notNull().default(true),
    /** The owner's time zone (IANA name); null: not known yet (the web app sends the browser's), UTC for calls. */
    timeZone: text("time_zone"),
    /** The phone PIN (4–8 digits) a caller from the linked number keys in to be verified, hashed like a password (issue 42 §4); null: none set. */
    phonePinHash: text("phone_pin_hash"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    uniqueIndex("users_phone_unique").on(t.phoneNumber),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 (hex) of the session token; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** "Chrome on macOS": a summary of the User-Agent it signed in with (never the raw header, never an IP). */
    userAgent: text("user_agent").notNull().default(""),
    /** Last time a request used it (updated at most every few minutes). */
    lastSeenAt: integer("last_seen_at").notNull().default(0),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Single-use links sent by email: `verify` (proves the address, long-lived) and `reset` (sets a new
 * password, short-lived). Only the token's SHA-256 is stored; using a link deletes its row.
 */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    /** SHA-256 (hex) of the token in the link. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify", "reset"] }).notNull(),
    /** The address the link was sent to (a verify link proves only that one). */
    email: text("email").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Development only: mail the local outbox "sent" (worker/mail/outbox.ts); never written in production builds. */
export const devOutbox = sqliteTable("dev_outbox", {
  id: text("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * Browsers that signed in to an account with its password: a sign-in from one of them is throttled on
 * its own counter, so someone else's wrong guesses (which lock the account's counter) never lock the
 * owner out of a browser they used before.
 */
export const trustedBrowsers = sqliteTable(
  "trusted_browsers",
  {
    /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("trusted_browsers_user_idx").on(t.userId, t.createdAt)],
);

/** Failed attempt counters: sign-ins by `acct:<email>`, `ip:<network>` or `browser:<trusted browser id>`; wrong link codes by `link-code:all` (one counter for all callers). */
export const authThrottle = sqliteTable("auth_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStart: integer("window_start").notNull(),
  lockedUntil: integer("locked_until").notNull().default(0),
});

export const echoes = sqliteTable(
  "echoes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    personality: text("personality").notNull(),
    expertise: text("expertise").notNull(),
    instructions: text("instructions").notNull().default(""),
    voiceStyle: text("voice_style").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** Calls to this Echo are recorded (consent: phone callers hear a notice). */
    recordCalls: integer("record_calls", { mode: "boolean" }).notNull().default(true),
    /** "Remember callers": after a verified call the Echo keeps what the caller shared (worker/memory/); off: nothing stored or used. */
    rememberCallers: integer("remember_callers", { mode: "boolean" }).notNull().default(true),
    totalCalls: integer("total_calls").notNull().default(0),
    /** The Echo every new account starts with (marked "Starter" on the dashboard; editable like any other). */
    starter: integer("starter", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("echoes_user_active_updated_idx").on(t.userId, t.isActive, sql`${t.updatedAt} desc`)],
);

export const calls = sqliteTable(
  "calls",
  {
    id: text("id").primaryKey(),
    /** Null for phone calls from unknown numbers: they belong to no dashboard. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    echoId: text("echo_id").references(() => echoes.id, { onDelete: "set null" }),
    /** The Echo's name when the call started (a trigger fills it, migration 0010): kept when the Echo is deleted. */
    echoName: text("echo_name"),
    callType: text("call_type", { enum: ["phone", "browser_test"] }).notNull(),
    status: text("status").notNull(),
    startTime: integer("start_time").notNull(),
    endTime: integer("end_time"),
    duration: integer("duration"),
    fromNumber: text("from_number"),
    endReason: text("end_reason"),
    /** Twilio CallSid for phone calls. */
    providerCallId: text("provider_call_id"),
    /** Epoch ms at offset 0 of the call's recording in R2; null: no recording (off, deleted or expired). */
    recordingStartedAt: integer("recording_started_at"),
    /** The most urgent safety category any caller entry was marked with (migration 0007); null: none. */
    safetyAlert: text("safety_alert", { enum: SAFETY_CATEGORIES }),
    /** The caller is known to be the owner: a browser test call, a phone call with full STIR/SHAKEN attestation, a PIN, or a callback we placed (issue 42 §4). */
    callerVerified: integer("caller_verified", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("calls_user_start_idx").on(t.userId, sql`${t.startTime} desc`),
    index("calls_recording_started_idx").on(t.recordingStartedAt),
    /** Insights for one Echo over a period. */
    index("calls_user_echo_start_idx").on(t.userId, t.echoId, t.startTime),
    uniqueIndex("calls_provider_call_id_unique").on(t.providerCallId),
    /** A user's calls in progress (the limit on test calls at once counts them). */
    index("calls_user_in_progress_idx").on(t.userId, t.callType).where(sql`status = 'in-progress'`),
    /** Phone calls in progress per caller number (the limit on calls at once from one number counts them). */
    index("calls_from_in_progress_idx").on(t.fromNumber).where(sql`status = 'in-progress' and call_type = 'phone'`),
  ],
);

export const transcriptEntries = sqliteTable(
  "transcript_entries",
  {
    id: text("id").primaryKey(),
    callId: text("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    speaker: text("speaker", { enum: ["caller", "assistant"] }).notNull(),
    text: text("text").notNull(),
    timestamp: integer("timestamp").notNull(),
    emotions: text("emotions", { mode: "json" }).$type<EmotionScores>().notNull(),
    /** Assistant turn cut off by the caller; `text` holds what was actually spoken. */
    interrupted: integer("interrupted", { mode: "boolean" }).notNull().default(false),
    latency: text("latency", { mode: "json" }).$type<TurnLatency>(),
    /** Assistant turns: status, failed stage and error, retries, fallbacks, speech-to-text mode. */
    outcome: text("outcome", { mode: "json" }).$type<TurnOutcome>(),
    /** Where this entry starts in the call's recording (ms); null when unknown. */
    audioOffsetMs: integer("audio_offset_ms"),
    /** Caller entries: where the emotions came from (words, voice, words_and_voice); null when not recorded. */
    emotionSource: text("emotion_source", { enum: EMOTION_SOURCES }),
    /** Caller entries the safety net marked: the category (protocol/safety.ts). */
    safety: text("safety", { enum: SAFETY_CATEGORIES }),
    /** Assistant entries: the actions the turn took (remember, schedule a callback…: protocol ActionLine), in order; null: none. */
    actions: text("actions", { mode: "json" }).$type<ActionLine[]>(),
  },
  (t) => [uniqueIndex("transcript_call_seq_unique").on(t.callId, t.seq)],
);

export const callParticipants = sqliteTable(
  "call_participants",
  {
    callId: text("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invitedBy: text("invited_by"),
    invitedAt: integer("invited_at").notNull(),
    joinedAt: integer("joined_at"),
  },
  (t) => [primaryKey({ columns: [t.callId, t.userId] }), index("participants_user_idx").on(t.userId)],
);

/** Pending phone-linking codes: one per user, 6 digits, valid 10 minutes. */
export const phoneLinkCodes = sqliteTable(
  "phone_link_codes",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [uniqueIndex("phone_link_code_unique").on(t.code)],
);

/**
 * One summary per ended call (worker/summary/): the text, mood arc, follow-ups and topics, plus the
 * caller's mean emotion scores (computed from stored entries even when the summary text fails), which
 * the Insights view aggregates.
 */
export const callSummaries = sqliteTable("call_summaries", {
  callId: text("call_id")
    .primaryKey()
    .references(() => calls.id, { onDelete: "cascade" }),
  status: text("status").$type<RecapStatus>().notNull(),
  method: text("method").$type<RecapMethod>(),
  text: text("text").notNull().default(""),
  moodArc: text("mood_arc"),
  followUps: text("follow_ups", { mode: "json" }).$type<string[]>().notNull(),
  topics: text("topics", { mode: "json" }).$type<string[]>().notNull(),
  /** Mean caller emotion scores over the call's scored caller turns; null when none were scored. */
  callerEmotions: text("caller_emotions", { mode: "json" }).$type<EmotionScores>(),
  error: text("error"),
  attempts: integer("attempts").notNull().default(0),
  updatedAt: integer("updated_at").notNull(),
  /** When the run under way claimed the job (epoch ms); null when none runs. One run at a time per call. */
  runningSince: integer("running_since"),
});

// ── Insights figures (migration 0004). Kept by SQLite triggers on calls, transcript_entries and
// call_summaries, so every writer (the call, the summary job, the seed, tests) keeps them right and the
// Insights view reads numbers, not JSON. See worker/db/insights/insights.ts and docs in migrations/0004_*.sql.

/** One row per call: the numbers the Insights view sums, with covering indexes on owner and start. */
export const callFigures = sqliteTable(
  "call_figures",
  {
    callId: text("call_id")
      .primaryKey()
      .references(() => calls.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    echoId: text("echo_id"),
    startTime: integer("start_time").notNull(),
    duration: integer("duration"),
    /** 1 when the call's status is "failed". */
    failed: integer("failed").notNull(),
    /** 1 when the call has a ready summary. */
    summarized: integer("summarized").notNull().default(0),
    /** 1 when the summary carries the caller's mean emotion scores (the columns below). */
    scored: integer("scored").notNull().default(0),
    joy: real("joy"),
    sadness: real("sadness"),
    anger: real("anger"),
    fear: real("fear"),
    surprise: real("surprise"),
    calm: real("calm"),
  },
  (t) => {
    const numbers = [t.echoId, t.duration, t.failed, t.summarized, t.scored, t.joy, t.sadness, t.anger, t.fear, t.surprise, t.calm] as const;
    return [
      index("call_figures_user_start_idx").on(t.userId, t.startTime, ...numbers),
      index("call_figures_user_echo_start_idx").on(t.userId, t.echoId, t.startTime, ...numbers.slice(1)),
    ];
  },
);

/** The topics of each ready summary, one row each, with the call's owner, Echo and start. */
export const callTopics = sqliteTable(
  "call_topics",
  {
    callId: text("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    topic: text("topic").notNull(),
    userId: text("user_id"),
    echoId: text("echo_id"),
    startTime: integer("start_time").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.position] }),
    index("call_topics_user_start_idx").on(t.userId, t.startTime, t.topic),
    index("call_topics_user_echo_start_idx").on(t.userId, t.echoId, t.startTime, t.topic),
  ],
);

/**
 * Per-stage turn latency histograms of ended calls, per owner, Echo ("*": all of the owner's calls)
 * and UTC day of the call's start: how many turns fell in each log bucket (worker/db/latency-buckets.ts).
 */
export const latencyDays = sqliteTable(
  "latency_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    echoKey: text("echo_key").notNull(),
    /** floor(start_time / 86,400,000) of the calls counted. */
    day: integer("day").notNull(),
    /** A LATENCY_STAGES name. */
    stage: text("stage").notNull(),
    bucket: integer("bucket").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.echoKey, t.day, t.stage, t.bucket] }), index("latency_days_covering_idx").on(t.userId, t.echoKey, t.day, t.stage, t.bucket, t.n)],
);

/** Sums of call_figures per owner, Echo ("" for calls without one) and UTC day of start. */
export const callDays = sqliteTable(
  "call_days",
  {
    userId: text("user_id").notNull(),
    echoKey: text("echo_key").notNull(),
    day: integer("day").notNull(),
    calls: integer("calls").notNull(),
    timed: integer("timed").notNull(),
    totalDuration: integer("total_duration").notNull(),
    failed: integer("failed").notNull(),
    summarized: integer("summarized").notNull(),
    scored: integer("scored").notNull(),
    joySum: real("joy_sum").notNull(),
    joyN: integer("joy_n").notNull(),
    sadnessSum: real("sadness_sum").notNull(),
    sadnessN: integer("sadness_n").notNull(),
    angerSum: real("anger_sum").notNull(),
    angerN: integer("anger_n").notNull(),
    fearSum: real("fear_sum").notNull(),
    fearN: integer("fear_n").notNull(),
    surpriseSum: real("surprise_sum").notNull(),
    surpriseN: integer("surprise_n").notNull(),
    calmSum: real("calm_sum").notNull(),
    calmN: integer("calm_n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.echoKey, t.day] }), index("call_days_user_day_idx").on(t.userId, t.day)],
);

/** call_topics counted per owner, Echo ("*": all of the owner's calls), UTC day of start and topic. */
export const topicDays = sqliteTable(
  "topic_days",
  {
    userId: text("user_id").notNull(),
    echoKey: text("echo_key").notNull(),
    day: integer("day").notNull(),
    topic: text("topic").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.echoKey, t.day, t.topic] }), index("topic_days_covering_idx").on(t.userId, t.echoKey, t.day, t.topic, t.n)],
);

/** latency_days summed over blocks of LATENCY_BLOCK_DAYS days (block = floor(day / 16)), for long periods. */
export const latencyBlocks = sqliteTable(
  "latency_blocks",
  {
    userId: text("user_id").notNull(),
    echoKey: text("echo_key").notNull(),
    block: integer("block").notNull(),
    stage: text("stage").notNull(),
    bucket: integer("bucket").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.echoKey, t.block, t.stage, t.bucket] }), index("latency_blocks_covering_idx").on(t.userId, t.echoKey, t.block, t.stage, t.bucket, t.n)],
);

/**
 * What an Echo remembers of its owner's calls (worker/memory/, docs/memory.md): one row per fact, scoped
 * to (user, Echo). `subject` is the fact's normalised key: a newer fact on the same subject replaces the
 * older one (unique per user, Echo, kind and subject), so there are no duplicates.
 */
export const memories = sqliteTable(
  "memories",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    echoId: text("echo_id")
      .notNull()
      .references(() => echoes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MEMORY_KINDS }).notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** The call it was said in: deleting that call deletes what was remembered from it (issue 43 §2). */
    sourceCallId: text("source_call_id").references(() => calls.id, { onDelete: "cascade" }),
    saidAt: integer("said_at").notNull(),
    /** When it stops mattering (an event's date); null: it doesn't expire. */
    expiresAt: integer("expires_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("memories_user_echo_updated_idx").on(t.userId, t.echoId, sql`${t.updatedAt} desc`),
    uniqueIndex("memories_scope_subject_unique").on(t.userId, t.echoId, t.kind, t.subject),
  ],
);

/**
 * Callbacks the Echo places to the owner's linked number (worker/callbacks/). Scheduled by one Durable
 * Object per callback (its alarm); `status` moves only by conditional writes, so a callback is placed once.
 */
export const callbacks = sqliteTable(
  "callbacks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    echoId: text("echo_id").references(() => echoes.id, { onDelete: "set null" }),
    sourceCallId: text("source_call_id").references(() => calls.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** When it rings next (epoch ms). */
    dueAt: integer("due_at").notNull(),
    /** The caller named the time: quiet hours do not apply. */
    callerNamedTime: integer("caller_named_time", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: CALLBACK_STATUSES }).notNull(),
    /** Calls placed so far. */
    attempts: integer("attempts").notNull().default(0),
    /** The number it rings (set when placed). */
    toNumber: text("to_number"),
    /** Twilio CallSid of the latest attempt. */
    providerCallId: text("provider_call_id"),
    /** The call (calls.id) an answered attempt became. */
    callId: text("call_id").references(() => calls.id, { onDelete: "set null" }),
    /** Why the last attempt did not reach anyone, e.g. twilio_busy (no personal data). */
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("callbacks_user_due_idx").on(t.userId, t.dueAt),
    uniqueIndex("callbacks_provider_call_id_unique").on(t.providerCallId),
  ],
);
