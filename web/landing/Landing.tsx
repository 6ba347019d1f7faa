// Landing page (spec §2, route /): header with Sign In, hero, the public phone number as a tel: link,
// the feature list, the technology list and a footer with a sign-up link. The hero has one primary
// action, signing up (calling the number is the secondary one beside it).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo, buttonClasses } from "../ui";
import { HeroCallPreview } from "./HeroCallPreview";
import { PhoneLink } from "./PhoneLink";
import { YEAR_ATTR } from "./staticLanding";

const SIGN_IN = "/?auth=true";
const SIGN_UP = "/?auth=true&mode=signup";

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
}

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-6">
    <path d={d} />
  </svg>
);

const FEATURES: Feature[] = [
  {
    title: "Real-time voice",
    text: "Talk naturally. Echo listens, understands when you've finished, and answers out loud in a second or two — and stops when you cut in.",
    icon: icon("M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Zm7 9a7 7 0 0 1-14 0m7 7v2"),
  },
  {
    title: "Emotional AI",
    text: "Echo hears how you feel, not just what you say, and adapts its tone — calm when you're stressed, upbeat when you're excited.",
    icon: icon("M12 21s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 11c0 5.65-7 10-7 10Z"),
  },
  {
    title: "Live transcription",
    text: "Every word appears on your dashboard as it's spoken, with the emotions detected in each turn. Read it back any time.",
    icon: icon("M4 6h16M4 10h16M4 14h10M4 18h7"),
  },
  {
    title: "Join live calls",
    text: "See calls as they happen and follow the conversation live from any browser — on your desk or on your phone.",
    icon: icon("M17 20h5v-2a3 3 0 0 0-5.36-1.86M17 20H7m10 0v-2c0-.66-.13-1.28-.36-1.86M7 20H2v-2a3 3 0 0 1 5.36-1.86M7 20v-2c0-.66.13-1.28.36-1.86m0 0a5 5 0 0 1 9.28 0M15 7a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z"),
  },
];

const TECHNOLOGY: { name: string; text: string }[] = [
  { name: "Cloudflare Workers", text: "One edge-native app serves the dashboard and the API close to you." },
  { name: "Durable Objects", text: "Each call runs in its own stateful object that holds the audio stream." },
  { name: "Workers AI", text: "Speech-to-text, language model and text-to-speech at the edge." },
  { name: "D1", text: "Your Echoes, calls and transcripts in a SQL database." },
  { name: "WebSockets", text: "Live audio and live transcripts, both ways, with no polling." },
  { name: "Twilio Media Streams", text: "A real phone number that anyone can call." },
  { name: "React", text: "A fast, accessible dashboard that works on any screen." },
];

export function Landing() {
  return (
    <div className="min-h-dvh bg-white text-slate-900">
      <header className="sticky top-0 z-10 border-b border-slate-200/70 bg-white/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600">
            <Logo />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            <Link to={SIGN_UP} className={buttonClasses("ghost", "md", "hidden sm:inline-flex")}>
              Sign Up
            </Link>
            <Link to={SIGN_IN} className={buttonClasses("primary", "md")}>
              Sign In
            </Link>
          </nav>
        </div>
      </header>

      <main>
        <section aria-labelledby="hero-heading" className="relative overflow-hidden">
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgba(99,102,241,0.18),transparent),radial-gradient(40rem_20rem_at_0%_10%,rgba(139,92,246,0.12),transparent)]" />
          <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-14 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200">
                <span className="size-1.5 rounded-full bg-indigo-500" aria-hidden="true" />
                Your personal AI voice assistant
              </p>
              <h1 id="hero-heading" className="mt-5 text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
                Just call. <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">Echo listens.</span>
              </h1>
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
                Echo is an emotionally aware assistant you talk to on the phone. It understands how you feel, answers in a natural voice, and keeps a
                transcript of every call on your dashboard.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
                {/* One primary action: sign up. Calling the number is the second choice beside it. */}
                <Link to={SIGN_UP} className={buttonClasses("primary", "lg", "shadow-md shadow-indigo-600/20")} data-testid="hero-primary">
                  Create your free account
                </Link>
                <PhoneLink large className={buttonClasses("secondary", "lg", "gap-2.5")} />
              </div>
              <p className="mt-4 text-sm text-slate-500">Call from any phone — no app needed. Sign up to design your own Echoes and read your transcripts.</p>
            </div>
            <HeroCallPreview />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="border-t border-slate-100 bg-slate-50/70">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
            <h2 id="features-heading" className="text-3xl font-semibold tracking-tight">
              A conversation, not a command line
            </h2>
            <p className="mt-3 max-w-2xl text-slate-600">Everything you need to talk things through — and to look back on what was said.</p>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map((f) => (
                <li key={f.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                  <div className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">{f.icon}</div>
                  <h3 className="mt-4 text-base font-semibold text-slate-900">{f.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="tech-heading" className="border-t border-slate-100">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_2fr] lg:py-20">
            <div>
              <h2 id="tech-heading" className="text-3xl font-semibold tracking-tight">
                Built on the edge
              </h2>
              <p className="mt-3 text-slate-600">Low latency matters when you're talking. Echo runs where your call lands.</p>
            </div>
            <ul className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
              {TECHNOLOGY.map((t) => (
                <li key={t.name} className="flex gap-3">
                  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-500">
                    <path fillRule="evenodd" clipRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                  </svg>
                  <div>
                    <p className="font-medium text-slate-900">{t.name}</p>
                    <p className="text-sm text-slate-600">{t.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6">
          <div className="mx-auto max-w-6xl overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-12 text-center text-white shadow-lg sm:px-12">
            <h2 id="cta-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Make Echo your own
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-indigo-100">Create Echoes with their own personality and expertise, test-call them from your browser, and read every transcript.</p>
            <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to={SIGN_UP} className={buttonClasses("secondary", "lg", "ring-0")}>
                Sign up free
              </Link>
              <PhoneLink className="inline-flex h-12 items-center justify-center gap-2 rounded-xl px-6 font-medium text-white ring-1 ring-inset ring-white/40 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white" />
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <Logo />
            <p className="mt-2 text-sm text-slate-500">The emotionally aware AI voice assistant you can call.</p>
          </div>
          <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <Link to={SIGN_UP} className="font-medium text-indigo-700 hover:text-indigo-900 hover:underline">
              Sign up
            </Link>
            <Link to={SIGN_IN} className="text-slate-600 hover:text-slate-900 hover:underline">
              Sign in
            </Link>
            <PhoneLink className="inline-flex items-center gap-1.5 text-slate-600 hover:text-slate-900 hover:underline" />
          </nav>
        </div>
        <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-400">
          © <span {...{ [YEAR_ATTR]: "" }}>{new Date().getFullYear()}</span> Echo
        </p>
      </footer>
    </div>
  );
}
