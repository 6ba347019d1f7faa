// Microphone capture for the browser test call (spec §9): 16 kHz mono, 4096-sample buffers,
// echo cancellation, noise suppression and auto gain on. Hands each buffer on as float samples.
import { AUDIO_SAMPLE_RATE } from "../../protocol/call";

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

export async function startCapture(ctx: AudioContext, onBuffer: (samples: Float32Array) => void): Promise<MicCapture> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error("Your browser does not support microphone access");
  const stream = await navigator.mediaDevices.getUserMedia(CAPTURE_CONSTRAINTS);
  try {
    if (ctx.state === "suspended") await ctx.resume();
    const source = ctx.createMediaStreamSource(stream);
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    const processor = ctx.createScriptProcessor(CAPTURE_BUFFER_SIZE, 1, 1);
    // A ScriptProcessor only runs when connected to the destination; a muted gain keeps it silent.
    const sink = ctx.createGain();
    sink.gain.value = 0;
    processor.onaudioprocess = (e) => onBuffer(e.inputBuffer.getChannelData(0).slice());
    source.connect(analyser);
    source.connect(processor);
    processor.connect(sink);
    sink.connect(ctx.destination);
    return {
      analyser,
      stop() {
        processor.onaudioprocess = null;
        source.disconnect();
        processor.disconnect();
        sink.disconnect();
        for (const t of stream.getTracks()) t.stop();
      },
    };
  } catch (err) {
    for (const t of stream.getTracks()) t.stop();
    throw err;
  }
}
