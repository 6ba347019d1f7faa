// Listen: plays a live call's audio (caller and assistant, each on its own gapless queue so they can
// overlap as they do on the line) through the Test Call's PlaybackQueue, with one volume for both.
import type { Speaker } from "../../protocol/call-messages";
import type { LiveAudioFrame } from "../../protocol/live";
import { enterPlaybackSession } from "../audio/audioSession";
import { type PlaybackStats, PlaybackQueue } from "../audio/playback";

export class LiveListener {
  private readonly ctx: AudioContext;
  /** Puts the page's audio session back as it was (see enterPlaybackSession). */
  private readonly leaveSession: () => void;
  private readonly queues: Record<Speaker, PlaybackQueue>;
  private readonly stats: Record<Speaker, PlaybackStats> = {
    caller: { scheduled: 0, played: 0, playedSeconds: 0 },
    assistant: { scheduled: 0, played: 0, playedSeconds: 0 },
  };

  /** Create on a user gesture (autoplay rules). `onPlayed` gets the seconds played so far. */
  constructor(volume: number, onPlayed: (seconds: number) => void = () => {}) {
    // Listening is media: on iOS, not muted by the silent switch (set before the context exists).
    this.leaveSession = enterPlaybackSession();
    this.ctx = new AudioContext();
    const track = (speaker: Speaker) => (s: PlaybackStats) => {
      this.stats[speaker] = s;
      onPlayed(this.stats.caller.playedSeconds + this.stats.assistant.playedSeconds);
    };
    this.queues = { caller: new PlaybackQueue(this.ctx, volume, track("caller")), assistant: new PlaybackQueue(this.ctx, volume, track("assistant")) };
    void this.ctx.resume();
  }

  play(frame: LiveAudioFrame): void {
    this.queues[frame.speaker].enqueue(frame.pcm, frame.sampleRate);
  }

  /** The caller barged in: the assistant stops now. */
  interrupt(): void {
    this.queues.assistant.stop();
  }

  setVolume(volume: number): void {
    this.queues.caller.setVolume(volume);
    this.queues.assistant.setVolume(volume);
  }

  close(): void {
    this.queues.caller.close();
    this.queues.assistant.close();
    void this.ctx.close();
    this.leaveSession();
  }
}
