// One Echo in the grid: what it is, whether it is active (and whether it is the account's starter Echo),
// how often it was called, and its actions: Edit, Memory (what it remembers of you), Test Call (the spec's alert with the number), Test in
// browser (the Test Call tab with this Echo chosen; active Echoes only), Duplicate, Delete (DeleteEchoButton.tsx), Deactivate/Activate.
import { Link } from "react-router";
import type { Echo } from "../../protocol/echo";
import { Badge, Button, buttonClasses, Card, cx } from "../ui";
import { enumLabel } from "./labels";
import { DeleteEchoButton } from "./DeleteEchoButton";

export function EchoCard({
  echo,
  toggling,
  duplicating,
  answersPhone = false,
  onEdit,
  onTestCall,
  onDuplicate,
  onToggleActive,
  onDeleted,
  onMemory,
}: {
  echo: Echo;
  toggling: boolean;
  duplicating: boolean;
  /** This Echo answers the user's phone calls (shown as a badge). */
  answersPhone?: boolean;
  onDuplicate: () => void;
  onEdit: () => void;
  onTestCall: () => void;
  onToggleActive: () => void;
  onDeleted: () => void;
  onMemory: () => void;
}) {
  const headingId = `echo-${echo.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-echo-id={echo.id}
      data-active={echo.isActive}
      className={cx("flex w-full flex-col", !echo.isActive && "bg-slate-50")}
    >
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={headingId} className={cx("min-w-0 break-words text-base font-semibold", echo.isActive ? "text-slate-900" : "text-slate-500")}>
            {echo.name}
          </h3>
          <div className="flex max-w-[60%] shrink-0 flex-wrap justify-end gap-1.5">
            {answersPhone ? (
              <Badge tone="accent" title="Your phone calls are answered by this Echo">
                Answers your phone
              </Badge>
            ) : null}
            {echo.starter ? (
              <Badge tone="accent" title="The Echo your account started with: edit it to make it yours">
                Starter
              </Badge>
            ) : null}
            {echo.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
          </div>
        </div>
        {echo.description ? (
          <p className="line-clamp-3 text-sm text-slate-600">{echo.description}</p>
        ) : (
          <p className="text-sm italic text-slate-400">No description</p>
        )}
        <dl className="mt-auto grid grid-cols-2 gap-x-4 gap-y-2 pt-2 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Personality</dt>
            <dd className="font-medium text-slate-800">{enumLabel(echo.personality)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Expertise</dt>
            <dd className="font-medium text-slate-800">{enumLabel(echo.expertise)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Voice style</dt>
            <dd className="font-medium text-slate-800">{enumLabel(echo.voiceStyle)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Total calls</dt>
            <dd className="font-medium tabular-nums text-slate-800" data-testid="echo-total-calls">
              {echo.totalCalls}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 px-5 py-3">
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${echo.name}`}>
          Edit
        </Button>
        <Button size="sm" variant="secondary" onClick={onMemory} aria-label={`Memory of ${echo.name}`}>
          Memory
        </Button>
        <Button size="sm" variant="secondary" onClick={onTestCall} aria-label={`Test Call ${echo.name}`}>
          Test Call
        </Button>
        {echo.isActive ? (
          <Link to={`/test-call?echo=${encodeURIComponent(echo.id)}`} className={buttonClasses("secondary", "sm")} aria-label={`Test ${echo.name} in browser`}>
            Test in browser
          </Link>
        ) : null}
        <Button size="sm" variant="ghost" loading={duplicating} onClick={onDuplicate} aria-label={`Duplicate ${echo.name}`}>
          Duplicate
        </Button>
        <DeleteEchoButton echo={echo} onDeleted={onDeleted} />
        <Button
          size="sm"
          variant={echo.isActive ? "ghost" : "success"}
          className="ml-auto"
          loading={toggling}
          onClick={onToggleActive}
          aria-label={`${echo.isActive ? "Deactivate" : "Activate"} ${echo.name}`}
        >
          {echo.isActive ? "Deactivate" : "Activate"}
        </Button>
      </div>
    </Card>
  );
}
