// An Echo's memory of its owner (issue 42 §1): what it remembers, from which call (a link to that call's
// details), when it stops mattering; edit a fact, delete one, or forget everything (asked first). The
// "Remember callers" switch itself is in the Echo's form.
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { Echo } from "../../protocol/echo";
import { MEMORY_KIND_LABELS, MEMORY_TEXT_MAX, type MemoryItem, type MemoryList } from "../../protocol/memory";
import { ApiRequestError, api } from "../lib/api";
import { formatDateTime } from "../lib/format";
import { Alert, Badge, Button, EmptyState, LoadingBlock, Modal, RetryAlert, TextInput } from "../ui";

export const MEMORY_LOAD_FAILED = "Failed to load what this Echo remembers.";
export const MEMORY_SAVE_FAILED = "Failed to change this memory. Please try again.";

type Load = { status: "loading" } | { status: "error" } | { status: "ready"; list: MemoryList };

const path = (echoId: string, itemId?: string) => `/api/echoes/${encodeURIComponent(echoId)}/memory${itemId ? `/${encodeURIComponent(itemId)}` : ""}`;

function MemoryRow({ item, echoId, onChanged, onError }: { item: MemoryItem; echoId: string; onChanged: (item: MemoryItem | null) => void; onError: (message: string) => void }) {
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(item.text);
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return onError("A remembered fact cannot be empty.");
    setBusy(true);
    try {
      onChanged(await api<MemoryItem>(path(echoId, item.id), { method: "PATCH", body: { text } }));
      setEditing(false);
    } catch (err) {
      onError(err instanceof ApiRequestError && err.status === 400 ? err.message : MEMORY_SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await api(path(echoId, item.id), { method: "DELETE" });
      onChanged(null);
    } catch {
      onError(MEMORY_SAVE_FAILED);
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 py-3" data-memory-kind={item.kind}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <Badge tone="neutral">{MEMORY_KIND_LABELS[item.kind]}</Badge>
        <span>Said {formatDateTime(item.saidAt)}</span>
        {item.expiresAt !== null ? <span>· until {formatDateTime(item.expiresAt)}</span> : null}
        {item.sourceCallId ? (
          <Link className="text-indigo-700 underline" to={`/calls?call=${encodeURIComponent(item.sourceCallId)}`}>
            From this call
          </Link>
        ) : (
          <span>· its call was deleted</span>
        )}
      </div>
      {editing ? (
        <form onSubmit={(e) => void save(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextInput id={inputId} label="Remembered fact" value={text} maxLength={MEMORY_TEXT_MAX} onChange={(e) => setText(e.target.value)} fieldClassName="flex-1" autoFocus />
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={busy}>
              Save
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setText(item.text);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 break-words text-sm text-slate-800">{item.text}</p>
          <div className="flex shrink-0 gap-1">
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit: ${item.text}`}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" loading={busy} onClick={() => void remove()} aria-label={`Delete: ${item.text}`}>
              Delete
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

export function MemoryModal({ echo, onClose }: { echo: Echo; onClose: () => void }) {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [forgetting, setForgetting] = useState(false);

  const reload = useCallback(() => {
    setLoad({ status: "loading" });
    api<MemoryList>(path(echo.id)).then(
      (list) => setLoad({ status: "ready", list }),
      () => setLoad({ status: "error" }),
    );
  }, [echo.id]);
  useEffect(reload, [reload]);

  const change = (id: string, item: MemoryItem | null) =>
    setLoad((l) => (l.status === "ready" ? { status: "ready", list: { ...l.list, items: item ? l.list.items.map((i) => (i.id === id ? item : i)) : l.list.items.filter((i) => i.id !== id) } } : l));

  async function forgetAll() {
    setForgetting(true);
    try {
      await api(path(echo.id), { method: "DELETE" });
      setLoad((l) => (l.status === "ready" ? { status: "ready", list: { ...l.list, items: [] } } : l));
      setConfirming(false);
    } catch {
      setError(MEMORY_SAVE_FAILED);
    } finally {
      setForgetting(false);
    }
  }

  const items = load.status === "ready" ? load.list.items : [];
  const footer =
    load.status === "ready" && items.length > 0 ? (
      confirming ? (
        <div className="flex w-full flex-wrap items-center justify-end gap-2" role="group" aria-label="Confirm forgetting everything">
          <p className="mr-auto text-sm text-slate-700">Forget everything {echo.name} remembers of you? This can't be undone.</p>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" loading={forgetting} onClick={() => void forgetAll()}>
            Yes, forget everything
          </Button>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Forget everything
        </Button>
      )
    ) : null;

  return (
    <Modal open onClose={onClose} title={`What ${echo.name} remembers`} description="From your own calls with this Echo (browser test calls and verified phone calls). Nobody else's calls add to it or hear it." size="lg" footer={footer}>
      {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
      {load.status === "ready" && !load.list.rememberCallers ? (
        <Alert tone="info">Remember callers is off for this Echo: it keeps nothing new and uses nothing below. Turn it on in Edit.</Alert>
      ) : null}
      {load.status === "loading" ? (
        <LoadingBlock label="Loading what this Echo remembers" />
      ) : load.status === "error" ? (
        <RetryAlert title={MEMORY_LOAD_FAILED} onRetry={reload} />
      ) : items.length === 0 ? (
        <EmptyState title="Nothing remembered yet">After a call, what you share (names, plans, likes, worries, what to ask you about) shows here.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={`What ${echo.name} remembers`}>
          {items.map((item) => (
            <MemoryRow key={item.id} item={item} echoId={echo.id} onChanged={(next) => change(item.id, next)} onError={setError} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
