import { Mail } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { IntentForm } from "./user-action";

/** Email Notifications: sends a test email to the district's notification addresses. */
export function TestEmailCard({ recipients }: { recipients: string[] }) {
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle level={2}>Email Notifications</CardTitle>
        <CardDescription>
          Send a test email to {recipients.join(", ")} to check that notifications reach the district.
        </CardDescription>
      </CardHeader>
      <IntentForm intent="test-email" variant="secondary" icon={<Mail aria-hidden="true" />}>
        Send Test Email
      </IntentForm>
    </Card>
  );
}
