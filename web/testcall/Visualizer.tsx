// Audio visualizer (spec §2): the caller's microphone and the Echo's voice as two live waveforms on
// one <canvas>. Records the loudest output level it has seen in data-output-peak. For a reader who
// asked the system for reduced motion, the waves move 10 times a second instead of with every frame.
import { useEffect, useRef } from "react";
import { rmsLevel } from "../audio/pcm";
import type { Analysers } from "./useTestCall";

const MIC_COLOR = "#4f46e5"; // indigo-600
const OUT_COLOR = "#7c3aed"; // violet-600
const IDLE_COLOR = "#cbd5e1"; // slate-300
/** Between two drawings under reduced motion. */
const REDUCED_MOTION_FRAME_MS = 100;

function drawWave(g: CanvasRenderingContext2D, samples: Float32Array, top: number, height: number, width: number, color: string) {
  const mid = top + height / 2;
  g.strokeStyle = color;
  g.lineWidth = 2;
  g.beginPath();
  const step = samples.length / width;
  for (let x = 0; x < width; x++) {
    const s = samples[Math.floor(x * step)] ?? 0;
    // Speech is quiet next to full scale; a gentle boost makes it readable.
    const y = mid - Math.max(-1, Math.min(1, s * 2.5)) * (height / 2 - 2);
    if (x === 0) g.moveTo(x, y);
    else g.lineTo(x, y);
  }
  g.stroke();
}

export function Visualizer({ analysers, muted }: { analysers: Analysers; muted: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const peak = useRef(0);
  const mutedRef = useRef(muted);
  useEffect(() => {
    mutedRef.current = muted;
  }, [muted]);

  useEffect(() => {
    const el = canvas.current;
    const g = el?.getContext("2d");
    if (!el || !g) return;
    const mic = analysers.mic;
    const out = analysers.output;
    const micBuf = new Float32Array(mic?.fftSize ?? 512);
    const outBuf = new Float32Array(out?.fftSize ?? 512);
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    if (out) {
      // A new call: measure its output afresh.
      peak.current = 0;
      el.dataset.outputPeak = "0";
    }

    const draw = () => {
      const dpr = window.devicePixelRatio || 1;
      const w = Math.max(1, Math.round(el.clientWidth * dpr));
      const h = Math.max(1, Math.round(el.clientHeight * dpr));
      if (el.width !== w || el.height !== h) {
        el.width = w;
        el.height = h;
      }
      g.clearRect(0, 0, w, h);
      if (mic && !mutedRef.current) mic.getFloatTimeDomainData(micBuf);
      else micBuf.fill(0);
      if (out) {
        out.getFloatTimeDomainData(outBuf);
        const level = rmsLevel(outBuf);
        if (level > peak.current) {
          peak.current = level;
          el.dataset.outputPeak = level.toFixed(4);
        }
      } else outBuf.fill(0);
      const active = Boolean(mic || out);
      drawWave(g, micBuf, 0, h / 2, w, active ? MIC_COLOR : IDLE_COLOR);
      drawWave(g, outBuf, h / 2, h / 2, w, active ? OUT_COLOR : IDLE_COLOR);
      if (!active) return;
      if (reducedMotion) timer = setTimeout(draw, REDUCED_MOTION_FRAME_MS);
      else frame = requestAnimationFrame(draw);
    };
    draw();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [analysers]);

  return (
    <figure className="rounded-xl border border-slate-200 bg-slate-50 p-3">
      <canvas
        ref={canvas}
        role="img"
        aria-label="Audio visualizer: your microphone (top) and the Echo's voice (bottom)"
        data-output-peak="0"
        className="block h-24 w-full"
      />
      <figcaption className="mt-2 flex gap-4 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2 rounded-full bg-indigo-600" />
          You{muted ? " (muted)" : ""}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2 rounded-full bg-violet-600" />
          Echo
        </span>
      </figcaption>
    </figure>
  );
}
