// Start / End Call, Mute (aria-pressed) and the volume slider (0–100, default 80).
import { useEffect, useId, useRef } from "react";
import { VOLUME_MAX, VOLUME_MIN } from "../audio/volume";
import { Button, cx } from "../ui";
import { type CallPhase, isCallActive, isStarting } from "./callState";

const MicIcon = ({ off }: { off: boolean }) => (
  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
    <path d="M7 4a3 3 0 0 1 6 0v6a3 3 0 1 1-6 0V4Z" />
    <path d="M5.5 9.643a.75.75 0 0 0-1.5 0V10c0 3.06 2.29 5.585 5.25 5.954V17.5h-1.5a.75.75 0 0 0 0 1.5h4.5a.75.75 0 0 0 0-1.5h-1.5v-1.546A6.001 6.001 0 0 0 16 10v-.357a.75.75 0 0 0-1.5 0V10a4.5 4.5 0 0 1-9 0v-.357Z" />
    {off ? <path d="M3 3l14 14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
  </svg>
);

const PhoneIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
    <path fillRule="evenodd" clipRule="evenodd" d="M2 3.5A1.5 1.5 0 0 1 3.5 2h1.148a1.5 1.5 0 0 1 1.465 1.175l.513 2.31a1.5 1.5 0 0 1-1.02 1.74l-.86.287a.5.5 0 0 0-.318.63 10.07 10.07 0 0 0 5.43 5.43.5.5 0 0 0 .63-.318l.287-.86a1.5 1.5 0 0 1 1.74-1.02l2.31.513A1.5 1.5 0 0 1 18 15.352V16.5a1.5 1.5 0 0 1-1.5 1.5H15C8.096 18 2 11.904 2 5V3.5Z" />
  </svg>
);

export function CallControls({
  phase,
  canStart,
  muted,
  volume,
  onStart,
  onEnd,
  onToggleMute,
  onVolume,
}: {
  phase: CallPhase;
  canStart: boolean;
  muted: boolean;
  volume: number;
  onStart: () => void;
  onEnd: () => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
}) {
  const volumeId = useId();
  const active = isCallActive(phase);
  const startRef = useRef<HTMLButtonElement>(null);
  const endRef = useRef<HTMLButtonElement>(null);
  const wasActive = useRef(active);
  // The pressed button disables itself: hand keyboard focus to its counterpart instead of losing it.
  useEffect(() => {
    if (wasActive.current === active) return;
    wasActive.current = active;
    const from = active ? startRef.current : endRef.current;
    const lost = document.activeElement === from || document.activeElement === document.body;
    if (lost) (active ? endRef.current : startRef.current)?.focus();
  }, [active]);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4">
      {/* Two columns on a phone, one row from sm; below ~330 px the buttons wrap instead of overlapping. */}
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <Button ref={startRef} variant="primary" size="lg" icon={<PhoneIcon />} onClick={onStart} disabled={active || !canStart} loading={isStarting(phase)} className="min-w-36 flex-1 whitespace-nowrap sm:flex-none">
          Start Call
        </Button>
        <Button ref={endRef} variant="danger" size="lg" icon={<PhoneIcon />} onClick={onEnd} disabled={!active} className="min-w-36 flex-1 whitespace-nowrap sm:flex-none">
          End Call
        </Button>
      </div>
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-3 sm:min-w-72">
        <Button
          variant="secondary"
          size="lg"
          icon={<MicIcon off={muted} />}
          aria-pressed={muted}
          onClick={onToggleMute}
          disabled={!active}
          className={cx("shrink-0 whitespace-nowrap", muted && "bg-amber-100! text-amber-900! ring-amber-400! hover:bg-amber-200!")}
        >
          Mute
        </Button>
        {/* The slider keeps a usable width: on a narrow phone this group wraps under Mute as a whole. */}
        <div className="flex flex-1 items-center gap-3">
          <label htmlFor={volumeId} className="text-sm font-medium text-slate-800">
            Volume
          </label>
          <input
            id={volumeId}
            type="range"
            min={VOLUME_MIN}
            max={VOLUME_MAX}
            step={1}
            value={volume}
            disabled={!active}
            aria-valuetext={`${volume} percent`}
            onChange={(e) => onVolume(Number(e.currentTarget.value))}
            className="h-2 min-w-32 flex-1 cursor-pointer accent-indigo-600 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          />
          <output htmlFor={volumeId} className="w-8 text-right text-sm tabular-nums text-slate-600">
            {volume}
          </output>
        </div>
      </div>
    </div>
  );
}
