// Typed input during a call ("Type a message" → text_input), so the Echo can be talked to in words,
// which is the only way to talk to the offline assistant (it can't understand speech).
import { type FormEvent, useId, useState } from "react";
import { MAX_TEXT_INPUT_CHARS } from "../../protocol/call-messages";
import { Button, controlClasses } from "../ui";

export function MessageComposer({ enabled, onSend }: { enabled: boolean; onSend: (text: string) => boolean }) {
  const [text, setText] = useState("");
  const [failed, setFailed] = useState(false);
  const id = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return;
    const sent = onSend(text);
    setFailed(!sent);
    if (sent) setText("");
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Type a message
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          value={text}
          maxLength={MAX_TEXT_INPUT_CHARS}
          disabled={!enabled}
          placeholder={enabled ? "Say something to the Echo…" : "Start a call to type to the Echo"}
          autoComplete="off"
          onChange={(e) => setText(e.currentTarget.value)}
          aria-describedby={failed ? `${id}-error` : undefined}
          className={controlClasses(false, "h-10 min-w-0 flex-1")}
        />
        <Button type="submit" variant="secondary" disabled={!enabled || !text.trim()}>
          Send
        </Button>
      </div>
      {failed ? (
        <p id={`${id}-error`} className="text-sm text-rose-600">
          Not sent: the call is not connected.
        </p>
      ) : null}
    </form>
  );
}
