// The screen switch (spec §2, §4): signed in → Dashboard at any URL; signed out → Auth at ?auth=true,
// else Landing. Driven by the auth-state listener (GET /api/auth/me) and the public config.
import { type ReactNode, Suspense, lazy, useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AuthProvider, useAuth } from "./auth/AuthProvider";
import { PublicConfigProvider, usePublicConfig } from "./config/PublicConfigProvider";
import { Landing } from "./landing/Landing";
import { Alert, Button, Logo, Spinner } from "./ui";

// Split by route: the sign-in screen and the dashboard are separate chunks, loaded when shown.
const AuthScreen = lazy(() => import("./auth/AuthScreen").then((m) => ({ default: m.AuthScreen })));
const Dashboard = lazy(() => import("./dashboard/Dashboard").then((m) => ({ default: m.Dashboard })));
// The pages emailed links open, signed in or not.
const VerifyEmailPage = lazy(() => import("./auth/VerifyEmailPage").then((m) => ({ default: m.VerifyEmailPage })));
const ResetPasswordPage = lazy(() => import("./auth/ResetPasswordPage").then((m) => ({ default: m.ResetPasswordPage })));

export function App() {
  return (
    <PublicConfigProvider>
      <AuthProvider>
        <Suspense fallback={<FullPage><Spinner size="lg" label="Loading Echo" className="text-indigo-600" /></FullPage>}>
          <Screens />
        </Suspense>
      </AuthProvider>
    </PublicConfigProvider>
  );
}

function Screens() {
  const { state, refresh } = useAuth();
  const config = usePublicConfig();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = state.status === "signed-in";
  const authQuery = params.get("auth") !== null;

  // Signed in (e.g. by the Google popup) while on ?auth=true: drop the query, the dashboard is at /.
  useEffect(() => {
    if (signedIn && authQuery) navigate("/", { replace: true });
  }, [signedIn, authQuery, navigate]);

  if (window.location.pathname === "/verify-email") return <VerifyEmailPage />;
  if (window.location.pathname === "/reset-password") return <ResetPasswordPage />;
  if (state.status === "loading") return <FullPage><Spinner size="lg" label="Loading Echo" className="text-indigo-600" /></FullPage>;
  if (state.status === "error") {
    return (
      <FullPage>
        <Alert tone="error" title="Echo couldn't load" action={<Button size="sm" onClick={() => void refresh()}>Try again</Button>}>
          {state.message}
        </Alert>
      </FullPage>
    );
  }
  if (state.status === "signed-in") {
    if (config.status === "ready") return <Dashboard user={state.user} config={config.config} />;
    if (config.status === "error") {
      return (
        <FullPage>
          <Alert tone="error" title="Echo couldn't load its settings" action={<Button size="sm" onClick={config.retry}>Try again</Button>}>
            {config.message}
          </Alert>
        </FullPage>
      );
    }
    return <FullPage><Spinner size="lg" label="Loading your dashboard" className="text-indigo-600" /></FullPage>;
  }
  return params.get("auth") === "true" ? <AuthScreen /> : <Landing />;
}

function FullPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-4">
      <Logo />
      <div className="flex w-full max-w-sm justify-center">{children}</div>
    </div>
  );
}
