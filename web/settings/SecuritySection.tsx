// Settings → Account security: change password, the signed-in sessions with sign-out per session, and
// sign out everywhere.
import { useState } from "react";
import { Card, CardBody, CardHeader } from "../ui";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { SessionsList } from "./SessionsList";

export function SecuritySection() {
  const [changes, setChanges] = useState(0);
  return (
    <Card role="region" aria-labelledby="security-heading">
      <CardHeader id="security-heading" title="Account security" headingLevel={3} description="Your password and the devices signed in to your account." />
      <CardBody className="flex flex-col gap-8">
        <ChangePasswordForm onChanged={() => setChanges((n) => n + 1)} />
        <SessionsList reloadKey={changes} />
      </CardBody>
    </Card>
  );
}
