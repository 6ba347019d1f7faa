// Auth screen (spec §2, ?auth=true): Sign In ('Welcome back') ↔ Sign Up ('Create your account'), Full
// Name (sign up only), Email, Password, Continue with Google, a link to switch mode, a Back link to /.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AUTH_ERROR_MESSAGES, PASSWORD_MIN_LENGTH } from "../../protocol/api";
import { useConfigOrNull } from "../config/PublicConfigProvider";
import { Alert, Button, Card, Logo, TextInput } from "../ui";
import { useAuth } from "./AuthProvider";
import { GoogleButton } from "./GoogleButton";
import { authErrorMessage } from "./messages";

type Mode = "signin" | "signup";

interface FieldErrors {
  displayName?: string;
  email?: string;
  password?: string;
}

function validate(mode: Mode, displayName: string, email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === "signup" && !displayName.trim()) errors.displayName = "Please enter your full name.";
  if (!email.trim()) errors.email = "Please enter your email address.";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = AUTH_ERROR_MESSAGES["invalid-email"];
  if (mode === "signup" && password.length < PASSWORD_MIN_LENGTH) errors.password = AUTH_ERROR_MESSAGES["weak-password"];
  else if (!password) errors.password = "Please enter your password.";
  return errors;
}

export function AuthScreen() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get("mode") === "signup" ? "signup" : "signin";
  const { signIn, signUp } = useAuth();
  const config = useConfigOrNull();
  const navigate = useNavigate();

  const [displayName, setDisplayName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Moving between modes: clear stale errors and put focus on the new heading for screen readers.
    setFieldErrors({});
    setError(null);
    if (firstRender.current) firstRender.current = false;
    else headingRef.current?.focus();
  }, [mode]);

  function switchMode() {
    const next = new URLSearchParams(params);
    if (mode === "signin") next.set("mode", "signup");
    else next.delete("mode");
    setParams(next, { replace: true });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const errors = validate(mode, displayName, email, password);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      const first = errors.displayName ? "displayName" : errors.email ? "email" : "password";
      document.getElementById(`auth-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      if (mode === "signup") await signUp(displayName.trim(), email.trim(), password);
      else await signIn(email.trim(), password);
      navigate("/", { replace: true });
    } catch (err) {
      setError(authErrorMessage(err));
      setSubmitting(false);
    }
  }

  const signup = mode === "signup";
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 bg-[radial-gradient(50rem_25rem_at_50%_-5rem,rgba(99,102,241,0.14),transparent)]">
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-6 sm:pt-10">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-white hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
            <path fillRule="evenodd" clipRule="evenodd" d="M17 10a.75.75 0 0 1-.75.75H5.6l4.2 4.2a.75.75 0 1 1-1.06 1.06l-5.5-5.5a.75.75 0 0 1 0-1.06l5.5-5.5a.75.75 0 1 1 1.06 1.06l-4.2 4.2h10.65A.75.75 0 0 1 17 10Z" />
          </svg>
          Back
        </Link>
        <Logo />
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 pb-10 pt-6 sm:pt-8">
        <Card className="p-6 shadow-lg shadow-slate-900/5 sm:p-8">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none">
            {signup ? "Create your account" : "Welcome back"}
          </h1>
          <p className="mt-1.5 text-sm text-slate-500">
            {signup ? "Design your own Echoes and read every call's transcript." : "Sign in to see your calls, transcripts and Echoes."}
          </p>

          <div className="mt-6">
            <GoogleButton enabled={config ? config.googleEnabled : null} onError={setError} />
          </div>

          <div className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-400" role="separator">
            <span className="h-px flex-1 bg-slate-200" />
            or with email
            <span className="h-px flex-1 bg-slate-200" />
          </div>

          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-describedby={error ? "auth-error" : undefined}>
            {error ? (
              <div id="auth-error">
                <Alert tone="error">{error}</Alert>
              </div>
            ) : null}
            {signup ? (
              <TextInput
                id="auth-displayName"
                label="Full Name"
                name="name"
                autoComplete="name"
                value={displayName}
                onChange={(e) => setDisplayName(e.target.value)}
                error={fieldErrors.displayName}
                required
              />
            ) : null}
            <TextInput
              id="auth-email"
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={fieldErrors.email}
              required
            />
            <TextInput
              id="auth-password"
              label="Password"
              type="password"
              name="password"
              autoComplete={signup ? "new-password" : "current-password"}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              hint={signup && !fieldErrors.password ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
              error={fieldErrors.password}
              required
            />
            {!signup ? (
              <a href="/reset-password" className="-mt-2 self-end text-sm font-semibold text-indigo-700 hover:text-indigo-900 hover:underline">
                Forgot password?
              </a>
            ) : null}
            <Button type="submit" size="lg" loading={submitting} className="mt-2 w-full">
              {submitting ? (signup ? "Creating account…" : "Signing in…") : signup ? "Sign Up" : "Sign In"}
            </Button>
          </form>

          <p className="mt-6 text-center text-sm text-slate-600">
            {signup ? "Already have an account?" : "Don't have an account?"}{" "}
            <button
              type="button"
              onClick={switchMode}
              className="rounded font-semibold text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {signup ? "Sign in" : "Sign up"}
            </button>
          </p>
        </Card>
        <p className="mt-6 text-center text-xs text-slate-500">Your calls and transcripts are private to your account.</p>
      </main>
    </div>
  );
}
