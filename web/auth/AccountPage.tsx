// The frame of the pages an emailed link opens (verify email, reset password): the logo and one card.
import type { ReactNode } from "react";
import { Card, Logo } from "../ui";

export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10">
      <Logo />
      <main className="mt-8 w-full max-w-md">
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <div className="mt-4 flex flex-col gap-4 text-sm text-slate-700">{children}</div>
        </Card>
      </main>
    </div>
  );
}
