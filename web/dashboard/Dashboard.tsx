// Dashboard shell (spec §2): header, then the tabs Calls (default) / Echoes / Test Call, each at its own
// URL (/calls, /echoes, /test-call; "/" and any other URL show Calls). A tab stays mounted once opened,
// so switching tabs doesn't drop a running test call or a half-written form; a modal open in a tab
// closes when the tab is hidden (ui/Modal), e.g. by the browser's Back button, except a form's, which
// steps aside and comes back with its tab. Beside the tabs, two pages of their own reached from the
// header: Insights (/insights) and Settings (/settings); while one shows, no tab is selected. A skip
// link leads past the header to the content.
import { EmailVerificationNotice } from "../auth/EmailVerificationNotice";
import { type ComponentType, useState } from "react";
import { useBrowserTimeZone } from "../settings/browserTimeZone";
import { useLocation, useNavigate } from "react-router";
import type { PublicConfig, UserProfile } from "../../protocol/api";
import { useAuth } from "../auth/AuthProvider";
import { RecentTestCalls } from "../calls/RecentTestCalls";
import { EchoesTab } from "../echoes/EchoesTab";
import type { TabProps } from "../lib/tabs";
import { TestCallTab } from "../testcall/TestCallTab";
import { Alert, TabPanel, Tabs } from "../ui";
import { CallsTab } from "./CallsTab";
import { DashboardHeader } from "./DashboardHeader";
import { FeedNotice } from "./FeedNotice";
import { DASHBOARD_TABS, type DashboardPageId, type DashboardTabId, pageForPath, pathForTab, tabForPath } from "./routes";
import { InsightsPage } from "./InsightsPage";
import { SettingsPage } from "./SettingsPage";

const TAB_COMPONENTS: Record<DashboardTabId, ComponentType<TabProps>> = {
  calls: CallsTab,
  echoes: EchoesTab,
  "test-call": TestCallWithHistory,
};

/** The Test Call tab with the Calls feature's list of recent test calls in its history card. */
function TestCallWithHistory(props: TabProps) {
  return <TestCallTab {...props} recentCalls={(finished) => <RecentTestCalls refreshKey={finished} />} />;
}

const PAGE_COMPONENTS: Record<DashboardPageId, ComponentType<TabProps>> = {
  insights: InsightsPage,
  settings: SettingsPage,
};

const ID_PREFIX = "dashboard";

export function Dashboard({ user, config }: { user: UserProfile; config: PublicConfig }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  useBrowserTimeZone(user.id);
  const page = pageForPath(location.pathname);
  const Page = page ? PAGE_COMPONENTS[page] : null;
  const selected = tabForPath(location.pathname);
  const [opened, setOpened] = useState<Set<DashboardTabId>>(() => new Set([selected]));
  if (!opened.has(selected)) setOpened(new Set(opened).add(selected));
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);

  async function onSignOut() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await signOut();
      navigate("/", { replace: true });
    } catch {
      setSignOutError("Could not sign out. Check your connection and try again.");
      setSigningOut(false);
    }
  }

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <a
        href="#dashboard-main"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <DashboardHeader user={user} config={config} onSignOut={onSignOut} signingOut={signingOut} />
      <nav className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur" aria-label="Dashboard">
        <div className="mx-auto max-w-6xl px-2 sm:px-4">
          <Tabs
            label="Dashboard sections"
            idPrefix={ID_PREFIX}
            items={DASHBOARD_TABS.map((t) => ({ id: t.id, label: t.label }))}
            selected={page ? "" : selected}
            onSelect={(id) => navigate(pathForTab(id as DashboardTabId))}
          />
        </div>
      </nav>
      <main id="dashboard-main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none sm:px-6 sm:py-8">
        <FeedNotice />
        {/* Not over the Test Call tab: on a phone its controls must stay in view. */}
        {page !== null || selected !== "test-call" ? <EmailVerificationNotice user={user} /> : null}
        {signOutError ? (
          <Alert tone="error" className="mb-6" onDismiss={() => setSignOutError(null)}>
            {signOutError}
          </Alert>
        ) : null}
        {DASHBOARD_TABS.map(({ id }) => {
          if (!opened.has(id)) return null;
          const Tab = TAB_COMPONENTS[id];
          return (
            <TabPanel key={id} idPrefix={ID_PREFIX} id={id} hidden={page !== null || id !== selected}>
              <Tab user={user} config={config} />
            </TabPanel>
          );
        })}
        {Page ? <Page user={user} config={config} /> : null}
      </main>
    </div>
  );
}
