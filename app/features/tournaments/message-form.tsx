import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Select } from "~/ui/select";
import { Textarea } from "~/ui/textarea";
import { MESSAGE_LIMITS } from "./message-limits";
import { type FormAnswer, FormAnswerNotice } from "./form-answer";

export type MessagePreview = {
  event: string | null;
  subject: string;
  body: string;
  /** The email's plain text, as each registrant gets it. */
  text: string;
  count: number;
};

/**
 * Message registrants (decision 0040): write, Preview (the email and how many addresses it reaches), send a test
 * to yourself, then Send, whose button names the count it confirms (a Send without one shows the preview first).
 * With a fixed `audience` (the judges' shortfall message, decision 0051) the same steps, to those addresses.
 * Plain form posts; the draft comes back in the page after each.
 */
export function MessageForm({
  events,
  sendKey,
  draft,
  answer,
  title = "Message registrants",
  audience,
  initial,
}: {
  events: string[];
  sendKey: string;
  draft: MessagePreview | null;
  /** The server's answer to this form's last post, shown beside its buttons. */
  answer: FormAnswer | null;
  title?: string;
  /** A fixed audience, said instead of the choice of event (the judges' "schools short of judges", decision 0051). */
  audience?: string;
  /** The subject and message a new draft starts with. */
  initial?: { subject: string; body: string };
}) {
  return (
    <Form
      method="post"
      className="grid gap-4 rounded-card border border-border bg-card p-4 sm:p-6"
      aria-labelledby="message-title"
    >
      <h2 id="message-title" className="text-lg font-semibold text-navy-900">
        {title}
      </h2>
      <input type="hidden" name="sendKey" value={sendKey} />
      {audience ? (
        <p className="text-sm text-muted-foreground">To: {audience}</p>
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor="message-event">To</Label>
          <Select id="message-event" name="event" defaultValue={draft?.event ?? ""}>
            <option value="">Everyone registered for this tournament</option>
            {events.map((event) => (
              <option key={event} value={event}>
                Everyone registered in {event}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="message-subject">Subject</Label>
        <Input
          id="message-subject"
          name="subject"
          maxLength={MESSAGE_LIMITS.subject + 20}
          defaultValue={draft?.subject ?? initial?.subject ?? ""}
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="message-body">Message</Label>
        <Textarea
          id="message-body"
          name="body"
          rows={6}
          maxLength={MESSAGE_LIMITS.body + 100}
          defaultValue={draft?.body ?? initial?.body ?? ""}
          required
        />
      </div>
      {draft ? (
        <section aria-label="Preview" className="grid gap-2 rounded-md border border-dashed border-input p-3">
          <p className="text-sm font-semibold text-navy-900" role="status">
            Preview: this goes to {draft.count} {draft.count === 1 ? "address" : "addresses"}, one email each.
          </p>
          <pre className="whitespace-pre-wrap text-sm">{draft.text}</pre>
        </section>
      ) : null}
      <FormAnswerNotice answer={answer} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="message-preview" variant="outline">
          Preview
        </Button>
        <Button type="submit" name="intent" value="message-test" variant="outline">
          Send a test to me
        </Button>
        {draft ? (
          <>
            {/* The confirmation names the count (decision 0044): the server sends only when it is still right. */}
            <input type="hidden" name="confirmCount" value={draft.count} />
            <Button type="submit" name="intent" value="message-send">
              Send to {draft.count} {draft.count === 1 ? "address" : "addresses"}
            </Button>
          </>
        ) : (
          <Button type="submit" name="intent" value="message-send">
            {audience ? "Send" : "Send to registrants"}
          </Button>
        )}
      </div>
    </Form>
  );
}
