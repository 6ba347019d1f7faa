// Dashboard header (spec §2): welcome text (display name, else email), the phone link, Sign Out; plus
// an honest badge saying which engines answer calls (a warning when it is the offline assistant); links
// to the Insights and Settings pages. The welcome line is the page's one <h1>; under it, "Call your Echo
// any time" only when there is an active Echo to call (else a link to make or activate one).
import { useState } from "react";
import { Link, NavLink } from "react-router";
import type { PublicConfig, UserProfile } from "../../protocol/api";
import { engineDetails } from "../../protocol/engines";
import { telHref } from "../config/phone";
import { useActiveEchoes } from "../lib/useActiveEchoes";
import { Badge, Button, cx, Logo } from "../ui";
import { DASHBOARD_PAGES } from "./routes";

function Avatar({ user }: { user: UserProfile }) {
  const [broken, setBroken] = useState(false);
  const name = user.displayName || user.email;
  if (user.photoURL && !broken) {
    return <img src={user.photoURL} alt="" referrerPolicy="no-referrer" onError={() => setBroken(true)} className="size-9 rounded-full object-cover ring-2 ring-white" />;
  }
  return (
    <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold uppercase text-indigo-700 ring-2 ring-white">
      {name.slice(0, 1)}
    </span>
  );
}

export function DashboardHeader({ user, config, onSignOut, signingOut }: { user: UserProfile; config: PublicConfig; onSignOut: () => void; signingOut: boolean }) {
  const name = user.displayName || user.email;
  return (
    <header className="border-b border-slate-200 bg-white">
      {/* One row at any width (a phone too): the word mark hides and, below sm, the engine chip shows its
          short form ("AI: offline", "AI: workers-ai"; whole at 390 px, truncated only on narrower screens); the full
          line is in its title and for screen readers. */}
      <div className="mx-auto flex max-w-6xl items-center gap-x-2 px-3 py-3 sm:gap-x-4 sm:px-6">
        <Logo className="shrink-0 max-sm:[&>span:last-child]:sr-only" />
        {config.aiProvider === "offline" ? (
          <Badge tone="warning" className="min-w-0 truncate" title={`No AI account is configured: calls are answered by Echo's built-in offline assistant. ${engineDetails(config.aiEngines)}`}>
            <span aria-hidden="true" className="sm:hidden">
              AI: offline
            </span>
            <span className="max-sm:sr-only">AI: offline mode</span>
          </Badge>
        ) : (
          <Badge tone="neutral" title={engineDetails(config.aiEngines)} className="min-w-0 overflow-hidden sm:max-w-[min(36rem,60vw)]">
            <span aria-hidden="true" className="truncate sm:hidden">
              AI: {config.aiEngines.stages.reply.engine}
            </span>
            <span data-testid="ai-engines-badge" className="truncate max-sm:sr-only">
              AI: {config.aiEngines.summary}
            </span>
          </Badge>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-3">
          <a
            href={telHref(config.phoneNumber)}
            className="hidden items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:inline-flex"
            aria-label={`Call Echo at ${config.phoneNumber}`}
          >
            <PhoneIcon />
            {config.phoneNumber}
          </a>
          <nav aria-label="Pages" className="flex items-center gap-1">
            {DASHBOARD_PAGES.map((p) => (
              <NavLink
                key={p.id}
                to={p.path}
                className={({ isActive }) =>
                  cx(
                    "rounded-lg px-1.5 py-1.5 text-sm font-medium sm:px-2 focus-visible:outline-2 focus-visible:outline-indigo-600",
                    isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                  )
                }
              >
                {p.label}
              </NavLink>
            ))}
          </nav>
          <Button variant="secondary" size="sm" onClick={onSignOut} loading={signingOut}>
            Sign Out
          </Button>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 pb-4 pt-1 sm:px-6">
        <Avatar user={user} />
        <div className="min-w-0">
          <h1 className="truncate text-lg font-semibold text-slate-900">Welcome, {name}</h1>
          <a href={telHref(config.phoneNumber)} className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-indigo-700 sm:hidden">
            <PhoneIcon />
            Call {config.phoneNumber}
          </a>
          <Greeting />
        </div>
      </div>
    </header>
  );
}

/**
 * The line under the welcome: "Call your Echo any time…" once the user has an active Echo; without one
 * (none made, or all deactivated) it names the next step as a link to the Echoes tab instead.
 */
function Greeting() {
  const { echoes } = useActiveEchoes();
  if (echoes.status === "ready" && echoes.echoes.length === 0) {
    return (
      <p className="text-sm text-slate-500" data-testid="greeting">
        No active Echo yet:{" "}
        <Link to="/echoes" className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
          create or activate one
        </Link>
        , then call it.
      </p>
    );
  }
  return (
    <p className="hidden text-sm text-slate-500 sm:block" data-testid="greeting">
      Call your Echo any time, then read the conversation here.
    </p>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path fillRule="evenodd" clipRule="evenodd" d="M2 3.5A1.5 1.5 0 0 1 3.5 2h1.15a1.5 1.5 0 0 1 1.46 1.14l.72 2.88a1.5 1.5 0 0 1-.54 1.55l-.96.72a.5.5 0 0 0-.16.57 9.04 9.04 0 0 0 5 5 .5.5 0 0 0 .57-.16l.72-.96a1.5 1.5 0 0 1 1.55-.54l2.88.72A1.5 1.5 0 0 1 18 15.35v1.15a1.5 1.5 0 0 1-1.5 1.5H15C8.1 18 2 11.9 2 5V3.5Z" />
    </svg>
  );
}
