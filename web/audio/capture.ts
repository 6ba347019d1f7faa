// Microphone capture for the browser test call (spec §9): 16 kHz mono, 4096-sample buffers,
// echo cancellation, noise suppression and auto gain on. Hands each buffer on as float samples, and
// says when the microphone goes away (its track ends: unplugged, a Bluetooth headset disconnected).
import { AUDIO_SAMPLE_RATE } from "../../protocol/call-messages";
import { Downsampler } from "./downsample";
import { keepAudioRunning } from "./keepRunning";

export const CAPTURE_BUFFER_SIZE = 4096;

export const CAPTURE_CONSTRAINTS = {
  audio: {
    sampleRate: AUDIO_SAMPLE_RATE,
    channelCount: 1,
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
  },
} satisfies MediaStreamConstraints;

export interface MicCapture {
  /** Taps the microphone for the visualizer. */
  readonly analyser: AnalyserNode;
  /** Stops the tracks (the browser's mic indicator goes off) and detaches the graph. */
  stop(): void;
}

/** The AudioContext the call runs on (capture and playback share it). */
export function createCallAudioContext(): AudioContext {
  return new AudioContext({ sampleRate: AUDIO_SAMPLE_RATE });
}

/**
 * The microphone as a source node. Firefox cannot connect a microphone to a context at another rate
 * (NotSupportedError; Mozilla bugs 1725336 and 1674892): then the microphone gets a context of its own
 * at the device's rate, and its buffers are brought down to the call's rate here.
 */
function micSource(ctx: AudioContext, stream: MediaStream): { source: MediaStreamAudioSourceNode; convert: ((s: Float32Array) => Float32Array) | null } {
  try {
    return { source: ctx.createMediaStreamSource(stream), convert: null };
  } catch (err) {
    if (!(err instanceof DOMException && err.name === "NotSupportedError")) throw err;
    const own = new AudioContext();
    if (own.sampleRate <= ctx.sampleRate) {
      void own.close();
      throw err;
    }
    const down = new Downsampler(own.sampleRate, ctx.sampleRate);
    return { source: own.createMediaStreamSource(stream), convert: (s) => down.push(s) };
  }
}

/**
 * `onEnded`: the microphone stopped on its own (not by stop()): the call hears nothing any more.
 * The call's context is the caller's to keep running (keepAudioRunning); the microphone's own one
 * (Firefox) is kept running here.
 */
export async function startCapture(ctx: AudioContext, onBuffer: (samples: Float32Array) => void, onEnded: () => void = () => {}): Promise<MicCapture> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error("Your browser does not support microphone access");
  const stream = await navigator.mediaDevices.getUserMedia(CAPTURE_CONSTRAINTS);
  try {
    if (ctx.state === "suspended") await ctx.resume();
    const { source, convert } = micSource(ctx, stream);
    const graph = source.context as AudioContext; // the call's context, or the microphone's own
    if (graph.state === "suspended") await graph.resume();
    const analyser = graph.createAnalyser();
    analyser.fftSize = 512;
    const processor = graph.createScriptProcessor(CAPTURE_BUFFER_SIZE, 1, 1);
    // A ScriptProcessor only runs when connected to the destination; a muted gain keeps it silent.
    const sink = graph.createGain();
    sink.gain.value = 0;
    processor.onaudioprocess = (e) => {
      const samples = e.inputBuffer.getChannelData(0);
      onBuffer(convert ? convert(samples) : samples.slice());
    };
    source.connect(analyser);
    source.connect(processor);
    processor.connect(sink);
    sink.connect(graph.destination);
    const tracks = stream.getAudioTracks();
    for (const t of tracks) t.addEventListener("ended", onEnded);
    const stopKeeping = graph !== ctx ? keepAudioRunning(graph) : () => {};
    return {
      analyser,
      stop() {
        for (const t of tracks) t.removeEventListener("ended", onEnded);
        stopKeeping();
        processor.onaudioprocess = null;
        source.disconnect();
        processor.disconnect();
        sink.disconnect();
        for (const t of stream.getTracks()) t.stop();
        if (graph !== ctx) void graph.close();
      },
    };
  } catch (err) {
    for (const t of stream.getTracks()) t.stop();
    throw err;
  }
}
