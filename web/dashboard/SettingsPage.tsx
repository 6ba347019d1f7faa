// The Settings page (/settings, from the header): the profile (name, email, plan), and the phone card —
// linking the user's phone number and choosing who answers their calls (the Echo their number reaches).
import type { TabProps } from "../lib/tabs";
import { PhonePanel } from "../echoes/PhonePanel";
import { RecordingSection } from "../settings/RecordingSection";
import { Card, CardBody, CardHeader } from "../ui";
import { formatDateTime } from "../lib/format";
import { CallbacksSection } from "../settings/CallbacksSection";
import { LinkByCallSection } from "../settings/LinkByCallSection";
import { TimeZoneSection } from "../settings/TimeZoneSection";
import { SecuritySection } from "../settings/SecuritySection";
import { DataSection } from "../settings/DataSection";
import { PinSection } from "../settings/PinSection";

export function SettingsPage({ user }: TabProps) {
  return (
    <section aria-labelledby="settings-heading" className="flex flex-col gap-6">
      <header>
        <h2 id="settings-heading" className="text-xl font-semibold text-slate-900">
          Settings
        </h2>
        <p className="mt-1 text-sm text-slate-500">Your profile, your phone number, and who answers your calls.</p>
      </header>
      <Card role="region" aria-labelledby="profile-heading">
        <CardHeader id="profile-heading" title="Profile" headingLevel={3} />
        <CardBody>
          <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">Name</dt>
              <dd className="font-medium text-slate-900">{user.displayName || "—"}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Email</dt>
              <dd className="break-all font-medium text-slate-900">{user.email}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Plan</dt>
              <dd className="font-medium capitalize text-slate-900">{user.subscription}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Member since</dt>
              <dd className="font-medium text-slate-900">{formatDateTime(user.createdAt)}</dd>
            </div>
          </dl>
        </CardBody>
      </Card>
      <PhonePanel userId={user.id} />
      <LinkByCallSection />
      <TimeZoneSection />
      <CallbacksSection />
      <RecordingSection />
      <SecuritySection />
      <DataSection user={user} />
      <PinSection />
    </section>
  );
}
