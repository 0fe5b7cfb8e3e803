import { Mail } from "lucide-react";
import { Form } from "react-router";
import { Card, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { USERS_PATH } from "./user-list";
import { Pending } from "./user-pending-button";

/** Email Notifications: sends a test email to the district's notification addresses. */
export function TestEmailCard({ recipients }: { recipients: string[] }) {
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>Email Notifications</CardTitle>
        <CardDescription>
          Send a test email to {recipients.join(", ")} to check that notifications reach the district.
        </CardDescription>
      </CardHeader>
      <Form method="post" action={USERS_PATH}>
        <Pending intent="test-email" variant="secondary">
          <Mail aria-hidden="true" />
          Send Test Email
        </Pending>
      </Form>
    </Card>
  );
}
