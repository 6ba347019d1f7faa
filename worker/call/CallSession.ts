// One Durable Object per call. It wires: the caller's line (lines/browser.ts or lines/phone.ts, whichever
// is attached; setting each kind of call up is in setup/), the dashboard viewers (viewers.ts), the
// conversation pipeline (conversation-host.ts, whose events pipeline-bridge.ts stores and sends; the
// lines' fixed prompts go through it too), the call's storage (store.ts) and its alarm. The
// call's state and transcript live in this object's SQLite storage, so an evicted or restarted object
// resumes the call with nothing lost; the alarm syncs the transcript to D1 and finalizes vanished calls.
import { DurableObject } from "cloudflare:workers";
import { CALL_IDLE_TIMEOUT_MS } from "../../protocol/call-messages";
import type { AiProvider } from "../ai/provider";
import type { FinalStatus } from "../db/call-writes";
import { db } from "../db/client";
import type { Env } from "../config/env";
import type { EndedSessions } from "../http/session-tag";
import { publishToUser } from "../feed/publish";
import { summarizeCall } from "../summary/summarize";
import { rememberCall } from "../memory/make";
import { ConversationHost } from "./conversation-host";
import { readGrant } from "./internal-request";
import { BrowserLine, CALLER_TAG } from "./lines/browser";
import type { CallerLine, EndReason, LineHost } from "./lines/line";
import { PhoneLine } from "./lines/phone";
import { browserStart } from "./setup/browser-start";
import { PhoneLinker } from "./setup/phone-link";
import { PinCheck } from "./setup/pin-check";
import { CallKeypad } from "./setup/call-keypad";
import { type PhoneCallSetup, type PhoneStart, phoneStart } from "./setup/phone-start";
import { VIEWER_TAG } from "./live-events";
import { CallPersistence } from "./persistence";
import { PipelineBridge } from "./pipeline-bridge";
import { CallRecorder } from "../recordings/recorder";
import { settledWithin } from "../lib/settled-within";
import { CallStore, type CallState } from "./store";
import { LiveViewers } from "./viewers";
import { logError } from "../lib/safe-error";
import { closeQuietly } from "../http/websocket";
import { readLimitSettings } from "../config/limit-settings";
import { TIME_LIMIT_LINE, TIME_LIMIT_LINE_WAIT_MS, callTimeIsUp } from "../limits/call-time";

/** While the call runs: sync pending transcript entries to D1 and check the caller is still there. */
export const SYNC_INTERVAL_MS = 5_000;
/** A call started before its caller connected (phone) waits this long for it; a browser socket, for its start_call. */
export const CONNECT_GRACE_MS = 30_000;
/** How long the ending waits for the recording's last chunk before it finalizes D1 and tells everyone. */
export const FINAL_FLUSH_WAIT_MS = 2_000;
/** Retry delay of a failed D1 finalization. */
const FINALIZE_RETRY_MS = 10_000;
/**
 * How long an ended call's object keeps its storage (transcript, caller's number) after the final D1
 * write succeeded: a viewer who opens the call just after it ended still gets it from here. Then the
 * alarm wipes the storage (storage.deleteAll()); D1 holds the call from then on.
 */
export const ENDED_CALL_KEPT_MS = 10 * 60_000;

export class CallSession extends DurableObject<Env> {
  private readonly store: CallStore;
  /** Dashboard viewers of this call: the fan-out of every live event. */
  private readonly viewers: LiveViewers;
  private readonly persistence: CallPersistence;
  private readonly conversation: ConversationHost;
  private readonly browser: BrowserLine;
  private readonly phone: PhoneLine;
  private readonly phoneStart: PhoneStart;
  /** Keypad linking of the phone call (its digits come from the phone line). */
  private readonly keypad: CallKeypad;
  private readonly recorder: CallRecorder;
  /**
   * When the caller was last there: a browser caller's message (audio, text or heartbeat), a phone
   * caller's turn or key press (not the silence Twilio streams), a turn of either. The idle timer.
   */
  private lastCallerFrameAt = Date.now();
  /** The call's time limit was reached: its closing line is being said (endForTime()). */
  private timeUp = false;
  /** The call's ending while it runs (finish()). */
  private ending: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new CallStore(ctx.storage.sql);
    this.viewers = new LiveViewers(ctx, env, this.store);
    this.persistence = new CallPersistence(env, this.store);
    this.recorder = new CallRecorder(ctx, env, this.store);
    const bridge = new PipelineBridge({
      store: this.store,
      line: () => this.attachedLine(),
      fanout: this.viewers,
      recorder: this.recorder,
      gaveUp: (reason) => {
        this.finish("failed", reason).catch((err: unknown) => logError(`ending a failed call failed ${this.store.state()?.callId}`, err));
      },
      echoEnded: (reason) => {
        this.finish("completed", reason).catch((err: unknown) => logError(`ending a call the Echo closed failed ${this.store.state()?.callId}`, err));
      },
      safetyAlert: () => this.safetyAlert(),
      callerSpoke: () => {
        this.lastCallerFrameAt = Date.now();
      },
    });
    this.conversation = new ConversationHost(env, this.store, (event) => bridge.handle(event));
    const ai = () => this.conversation.ai();
    const open = (state: CallState) => this.open(state);
    const host: LineHost = {
      state: this.store.state.bind(this.store), // read for every phone frame: no closure hop
      startConversation: (greet) => this.conversation.start(greet),
      say: (text) => this.conversation.say(text),
      callerAudio: (pcm) => {
        this.recorder.caller(pcm);
        this.conversation.pushAudio(pcm);
        if (this.viewers.listening) this.viewers.publish({ kind: "audio", speaker: "caller", pcm, sampleRate: 16000 });
      },
      callerText: (text) => this.conversation.pushText(text),
      callerActive: () => {
        this.lastCallerFrameAt = Date.now();
      },
      callerGone: async () => {
        if (this.store.state()?.phase === "active") await this.finish("abandoned", "connection_lost");
      },
      finish: (status, reason) => this.finish(status, reason),
    };
    this.browser = new BrowserLine(host, ctx, browserStart(env, ai, open));
    const linker = new PhoneLinker(
      {
        env,
        store: this.store,
        handOver: (owner, former) => this.viewers.handOver(owner, former),
        restartConversation: () => this.conversation.close({ stopPlayback: true }),
        notifyOwner: (state, event) => this.notifyOwner(state, event),
      },
      async (text) => {
        await this.conversation.say(text);
      },
    );
    this.phoneStart = phoneStart({ env, store: this.store, ai, open, dropRecording: () => this.recorder.notRecorded() });
    const pin = new PinCheck({ env, store: this.store }, async (text) => {
      await this.conversation.say(text);
    });
    this.keypad = new CallKeypad({ env, store: this.store }, linker, pin);
    this.phone = new PhoneLine(host, this.phoneStart, this.keypad);
  }

  /** Socket upgrades from our routes (internal-request.ts): the browser caller, a viewer, Twilio's stream. */
  override async fetch(request: Request): Promise<Response> {
    const grant = readGrant(request);
    if (!grant || request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Not a call socket request.", { status: 400 });
    }
    if (grant.role === "browser") {
      const res = this.browser.accept(grant);
      // A socket that never starts a call is closed by the alarm (starting one sets the sync alarm).
      if (res.status === 101) await this.ctx.storage.setAlarm(Date.now() + CONNECT_GRACE_MS);
      return res;
    }
    if (grant.role === "viewer") return this.viewers.accept(grant, this.ending !== null);
    return this.phone.accept(grant);
  }

  /** /twilio/voice: a phone call starts here, before its media stream connects. */
  async preparePhoneCall(setup: PhoneCallSetup): Promise<void> {
    await this.phoneStart.prepare(setup);
  }

  /**
   * True while this object owns its call's D1 row: from the call's start until its final write to D1 is
   * done (an ended call still writes its last lines and status, retrying by its alarm). False for an
   * object that never held a call.
   */
  async holdsCallRow(): Promise<boolean> {
    const state = this.store.state();
    return state !== null && !state.d1Finalized;
  }

  /**
   * /twilio/status: Twilio reports the call is over. True when this object holds the call: it has ended
   * it (or already had, with its own reason) and finalizes D1 itself, retrying by its alarm.
   */
  async endPhoneCall(status: FinalStatus, reason: EndReason): Promise<boolean> {
    if (!this.store.state()) return false;
    await this.finish(status, reason);
    return true;
  }

  /**
   * The owner deletes the call's recording (it has ended): chunks still waiting for R2 are dropped, and
   * this resolves once no write is under way (the route deletes the R2 objects after it).
   */
  async recordingDeleted(): Promise<void> {
    await this.recorder.discardWaiting();
  }

  /**
   * The call is being deleted (the owner deleted it, or their account): every socket closes and the
   * object's storage is wiped. False, and nothing changes, while the call is in progress.
   */
  async erase(): Promise<boolean> {
    if (this.ending || this.store.state()?.phase === "active") return false;
    await this.wipe("This call was deleted.");
    return true;
  }

  /** The owner took back `userId`'s invitation: the views they have open on this call close. Returns how many. */
  async uninvited(userId: string, at: number): Promise<number> {
    return this.viewers.uninvited(userId, at);
  }

  /**
   * Dashboard sessions of `userId` ended: the viewer sockets they opened on this call close, and a test
   * call one of them is making ends (signed out, the caller no longer hears the Echo). Returns how many
   * sockets that affects.
   */
  async signedOut(userId: string, ended: EndedSessions): Promise<number> {
    const viewers = this.viewers.signedOut(userId, ended);
    if (!this.browser.openedBy(userId, ended)) return viewers;
    const state = this.store.state();
    if (!state) this.browser.closeSignedOut(); // no call yet (one being set up stops)
    else if (state.phase === "active") {
      // Not awaited: the sign-out must not wait for the ending (the last turn, the recording, D1).
      const ending = this.finish("completed", "signed_out").catch((err: unknown) => logError(`ending a signed-out caller's call failed ${state.callId}`, err));
      this.ctx.waitUntil(ending);
    } // (already ending: its end tells the caller)
    return viewers + 1;
  }

  /**
   * Replaces the AI provider for the rest of this call (the conversation restarts from the stored
   * transcript). Tests use it to inject a failing provider; production never calls it.
   */
  useProvider(provider: AiProvider): void {
    this.conversation.useProvider(provider);
  }

  /** The line carrying the caller now, if any. */
  private attachedLine(): CallerLine | null {
    if (this.phone.attached) return this.phone;
    if (this.browser.attached) return this.browser;
    return null;
  }

  // ---- hibernatable sockets: the browser caller and the viewers ----

  override async webSocketMessage(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    const tags = this.ctx.getTags(ws);
    if (tags.includes(VIEWER_TAG)) return this.viewers.onMessage(ws, frame);
    if (tags.includes(CALLER_TAG)) await this.browser.onMessage(ws, frame);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await this.onSocketGone(ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.onSocketGone(ws, 1011);
  }

  private async onSocketGone(ws: WebSocket, code: number): Promise<void> {
    let tags: string[];
    try {
      tags = this.ctx.getTags(ws);
    } catch {
      // A socket the runtime no longer holds: one this object closed as it accepted it (a viewer of an
      // ended call), whose client then closed too. Nothing of the call's is attached to it.
      return;
    }
    if (tags.includes(VIEWER_TAG)) return this.viewers.onGone(ws, code);
    if (tags.includes(CALLER_TAG)) await this.browser.onGone(ws, code);
  }

  // ---- the call's lifecycle ----

  /** The call begins: its state is stored, the sync alarm set, the owner's dashboards told. */
  private async open(state: CallState): Promise<void> {
    this.store.saveState(state);
    await this.ctx.storage.setAlarm(Date.now() + SYNC_INTERVAL_MS);
    this.notifyOwner(state, "live_call_started");
  }

  /**
   * Ends the call once: the first reason wins, and whoever else asks while it ends (the socket's close
   * after Twilio's `stop`, the status callback, the alarm) waits for the same ending.
   */
  private finish(status: FinalStatus, reason: EndReason): Promise<void> {
    if (this.ending) return this.ending;
    if (this.store.state()?.phase !== "active") return Promise.resolve();
    this.ending = this.end(status, reason).finally(() => {
      this.ending = null;
    });
    return this.ending;
  }

  /** Stops the pipeline, finalizes D1 (the caller is told once it is done, or after FINAL_FLUSH_WAIT_MS), then tells the viewers. */
  private async end(status: FinalStatus, reason: EndReason): Promise<void> {
    // A keypad link under way finishes first: the call must not end half-linked (owner, persona).
    await this.keypad.settled();
    const state = this.store.state();
    if (!state || state.phase !== "active") return;
    const endTime = Date.now();
    // The caller's memory is not kept in this object past the call (what the owner deletes is gone everywhere).
    this.store.updateState({ phase: "ended", endTime, finalStatus: status, endReason: reason, memory: undefined });
    this.recorder.callEnded(); // the recording stops here (the Echo's queued speech is never heard)
    await this.conversation.close(); // the last caller turn and the cut-off reply are stored first
    // The recording's last chunk goes first (the row then says it is recorded), but a slow store must
    // not hold the caller and the viewers: past the limit it goes on, and the alarm retries what is left.
    const tellBy = Date.now() + FINAL_FLUSH_WAIT_MS;
    await settledWithin(this.recorder.flush(true), FINAL_FLUSH_WAIT_MS);
    const finalizing = this.persistence.finalize({ status, endTime, endReason: reason });
    // The caller learns the call is over once D1 has it, but a slow store does not keep them on a
    // silent line: FINAL_FLUSH_WAIT_MS after the conversation closed they are told while the writes go
    // on (the alarm retries what fails).
    await settledWithin(
      finalizing.then(() => undefined),
      Math.max(0, tellBy - Date.now()),
    );
    this.attachedLine()?.end(reason, state.callId);
    const done = await finalizing;
    if (done) this.summarize(state);
    if (done && !this.store.hasPending() && !this.recorder.behind) await this.ctx.storage.setAlarm(this.wipeAt());
    else await this.ctx.storage.setAlarm(Date.now() + FINALIZE_RETRY_MS);
    this.viewers.publish({ kind: "ended", status, reason });
    this.notifyOwner(state, "live_call_ended");
  }

  /** The call has run its longest (limits/call-time.ts): the Echo says so, then the call ends (once). */
  private endForTime(): void {
    if (this.timeUp) return;
    this.timeUp = true;
    const ending = (async () => {
      await settledWithin(
        this.conversation.say(TIME_LIMIT_LINE).then(() => undefined),
        TIME_LIMIT_LINE_WAIT_MS,
      );
      await this.finish("completed", "time_limit");
    })().catch((err: unknown) => logError(`ending a call at its time limit failed ${this.store.state()?.callId}`, err));
    this.ctx.waitUntil(ending);
  }

  private notifyOwner(state: CallState, event: "live_call_started" | "live_call_ended"): void {
    const userId = state.userId;
    if (!userId) return;
    this.ctx.waitUntil(
      (async () => {
        await publishToUser(this.env, userId, { type: event, callId: state.callId });
        await publishToUser(this.env, userId, { type: "call_changed", callId: state.callId });
      })(),
    );
  }

  /** The call's latest lines reached D1 while it runs: the owner's dashboards read them again. */
  private notifyLinesSynced(state: CallState): void {
    const userId = state.userId;
    if (!userId) return;
    this.ctx.waitUntil(publishToUser(this.env, userId, { type: "call_changed", callId: state.callId }));
  }

  /** A caller entry the safety net marked: into D1 now (the call row is flagged), then the owner's dashboards are told. */
  private safetyAlert(): void {
    const state = this.store.state();
    if (!state) return;
    this.ctx.waitUntil(
      (async () => {
        await this.persistence.syncPending();
        if (state.userId) await publishToUser(this.env, state.userId, { type: "call_changed", callId: state.callId });
      })(),
    );
  }

  /** After the final D1 write: the call's summary, then its memory, in the background (a failure is stored or logged, not thrown). */
  private summarize(state: CallState): void {
    this.ctx.waitUntil(
      (async () => {
        try {
          await summarizeCall(db(this.env.DB), this.conversation.aiProvider(), state.callId);
          if (state.userId) await publishToUser(this.env, state.userId, { type: "call_changed", callId: state.callId });
        } catch (err) {
          logError(`call summary not stored ${state.callId}`, err);
        }
        // What the caller shared, for their next call (worker/memory/): its failure touches nothing else.
        try {
          await rememberCall(db(this.env.DB), this.conversation.aiProvider(), state.callId);
        } catch (err) {
          logError(`call memory not stored ${state.callId}`, err);
        }
      })(),
    );
  }

  /** When the storage of this ended, finalized call is wiped. */
  private wipeAt(): number {
    return (this.store.state()?.finalizedAt ?? Date.now()) + ENDED_CALL_KEPT_MS;
  }

  /** Closes every socket, stops the recording's writes and deletes everything this object stored. */
  private async wipe(reason: string): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) closeQuietly(ws, 1000, reason);
    await this.recorder.discardWaiting();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.store.forget();
  }

  override async alarm(): Promise<void> {
    const state = this.store.state();
    if (!state) {
      if (this.browser.closeUnstarted()) await this.ctx.storage.setAlarm(Date.now() + CONNECT_GRACE_MS);
      return;
    }
    const now = Date.now();
    if (state.phase === "ended") {
      if (this.ending) {
        // finish() is still under way (the last turn, the recording's last chunk, its own D1 write): it
        // finalizes and summarizes once; finalizing here too would summarize the call twice.
        await this.ctx.storage.setAlarm(now + SYNC_INTERVAL_MS);
        return;
      }
      const finalizing = !state.d1Finalized;
      const done = state.d1Finalized
        ? await this.persistence.syncPending()
        : await this.persistence.finalize({
            status: state.finalStatus ?? "abandoned",
            endTime: state.endTime ?? now,
            endReason: state.endReason ?? "connection_lost",
          });
      if (finalizing && done) {
        this.summarize(state);
        // The ending told the dashboards while D1 still said "in progress": now Live Calls drop it.
        this.notifyOwner(state, "live_call_ended");
        this.viewers.notifyParticipants();
      }
      if (this.recorder.behind) await this.recorder.retry(); // the last chunk or the D1 mark failed as it ended
      if (!done || this.store.hasPending() || this.recorder.behind) await this.ctx.storage.setAlarm(now + FINALIZE_RETRY_MS);
      else if (now >= this.wipeAt()) await this.wipe("The call has ended.");
      else await this.ctx.storage.setAlarm(this.wipeAt());
      return;
    }
    const caller = this.attachedLine() !== null;
    if (!caller && state.callerConnectedAt !== null) return this.finish("abandoned", "connection_lost");
    if (!caller && now - state.startTime > CONNECT_GRACE_MS) return this.finish("abandoned", "never_connected");
    if (caller && now - this.lastCallerFrameAt > CALL_IDLE_TIMEOUT_MS) return this.finish("abandoned", "idle_timeout");
    if (callTimeIsUp(state.startTime, now, readLimitSettings(this.env).callMaxMinutes)) this.endForTime();
    this.recorder.flush(); // settled audio of a call without caller frames (typed turns) too
    this.recorder.keepTail(); // and what is not settled yet: a restart loses at most one sync's audio
    this.viewers.closeExpiredSessions(now);
    // New lines in D1: the owner's Call History and Live Calls show the transcript so far (their preview).
    const newLines = this.store.hasPending();
    if ((await this.persistence.syncPending()) && newLines) this.notifyLinesSynced(state);
    await this.ctx.storage.setAlarm(now + SYNC_INTERVAL_MS);
  }
}
