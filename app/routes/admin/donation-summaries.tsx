import { Eye, Send } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatCents, formatDateTime } from "~/core/format";
import { receiptDate } from "~/features/donations/receipt";
import { giftLine } from "~/features/donations/year-summary/summary";
import { readForm } from "~/core/form.server";
import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { givingSummariesPage, sendSummaryAsStaff } from "~/features/donations/year-summary/admin.server";
import { summariesHref } from "~/features/donations/year-summary/rules";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { DashboardHeader, EmptyState, PaginationNav, PendingIndicator, stackedTable } from "~/ui/dashboard";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import { Select } from "~/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { Route } from "./+types/donation-summaries";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return givingSummariesPage(getDb(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return sendSummaryAsStaff(getDb(context), user, await readForm(request, { maxBytes: 4096 }));
}

export const meta: Route.MetaFunction = () => [{ title: "Giving Summaries | Admin Dashboard" }];

const SOURCE_LABELS = { job: "January job", request: "Donor's request" } as const;

export default function GivingSummariesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { preview, emailPreview, sent, years, year, typed } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <div className="grid gap-6">
      <DashboardHeader
        title="Giving Summaries"
        description="Each donor's year-end summary: every gift of a calendar year, the total and the tax statement. Sent by the January job, on the donor's request from /donate, or from here."
      >
        <Link to="/admin/donations" className={buttonVariants({ variant: "outline" })}>
          View Donations
        </Link>
      </DashboardHeader>

      <Form
        method="get"
        role="search"
        aria-label="Preview a donor's summary"
        className="flex flex-wrap items-end gap-2"
      >
        <div className="grid min-w-0 flex-1 gap-2 sm:max-w-md">
          <Label htmlFor="summary-email">Donor email</Label>
          <Input
            id="summary-email"
            name="email"
            type="email"
            defaultValue={typed}
            placeholder="name@example.com"
            autoComplete="off"
            maxLength={254}
            required
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="summary-year">Year</Label>
          <Select id="summary-year" name="year" defaultValue={String(year)}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">
          <Eye aria-hidden="true" />
          Preview
        </Button>
        <PendingIndicator label="Loading the summary" />
      </Form>

      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {loaderData.invalidEmail ? (
        <Notice tone="error">Enter the donor&apos;s whole email address to preview their summary.</Notice>
      ) : null}

      {preview ? (
        <section
          aria-labelledby="preview-title"
          className="grid gap-4 rounded-card border border-border bg-card p-5 shadow-sm"
        >
          <h2 id="preview-title" className="text-lg font-bold text-navy-900">
            {preview.year} summary for <span className="break-all">{preview.email}</span>
          </h2>
          {preview.gifts.length === 0 ? (
            <EmptyState title="No gifts to list">
              <p>
                No completed gift from this address in {preview.year}, or every one was refunded. Nothing would be sent.
              </p>
            </EmptyState>
          ) : (
            <>
              {preview.test ? (
                <Notice tone="info">Test gifts (sandbox): the email says it is not for tax purposes.</Notice>
              ) : null}
              <Table className={stackedTable} aria-label="Gifts in the summary">
                <TableHeader>
                  <TableRow>
                    <TableHead>Date</TableHead>
                    <TableHead>Gift</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {preview.gifts.map((gift, index) => (
                    <TableRow key={index}>
                      <TableCell data-label="Date" className="whitespace-nowrap">
                        {receiptDate(new Date(gift.date))}
                      </TableCell>
                      <TableCell data-label="Gift">{giftLine(gift)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell data-label="Total" className="font-semibold">
                      Total {preview.year}
                    </TableCell>
                    <TableCell data-label="Amount" className="font-semibold tabular">
                      {formatCents(preview.totalCents)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
              {emailPreview ? (
                <details className="rounded-lg border border-border bg-sand-100 p-3">
                  <summary className="cursor-pointer text-sm font-semibold text-navy-900">
                    The email: {emailPreview.subject}
                  </summary>
                  <pre className="mt-3 overflow-x-auto text-xs leading-relaxed whitespace-pre-wrap">
                    {emailPreview.text}
                  </pre>
                </details>
              ) : null}
              <Form
                method="post"
                action={summariesHref(preview.email, preview.year)}
                className="flex flex-wrap items-center gap-3"
              >
                <input type="hidden" name="email" value={preview.email} />
                <input type="hidden" name="year" value={preview.year} />
                <PendingButton pending={sending} icon={<Send aria-hidden="true" />} pendingLabel="Sending">
                  Send to donor
                </PendingButton>
                <p className="text-sm text-muted-foreground">It goes to {preview.email} only, and is listed below.</p>
              </Form>
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="sent-title" className="grid gap-3">
        <h2 id="sent-title" className="text-lg font-bold text-navy-900">
          Sent summaries
        </h2>
        {sent.rows.length === 0 ? (
          <EmptyState title="No summaries sent yet">
            <p>The January job sends last year&apos;s to every donor; donors can ask for theirs on the Donate page.</p>
          </EmptyState>
        ) : (
          <>
            <Table className={stackedTable} aria-label="Sent summaries">
              <TableHeader>
                <TableRow>
                  <TableHead>Sent</TableHead>
                  <TableHead>Donor email</TableHead>
                  <TableHead>Year</TableHead>
                  <TableHead className="text-right">Gifts</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                  <TableHead>Sent by</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {sent.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell data-label="Sent" className="whitespace-nowrap">
                      {formatDateTime(row.sentAt)}
                    </TableCell>
                    <TableCell data-label="Donor email" className="break-all">
                      <Link
                        to={summariesHref(row.email, row.year)}
                        className="font-medium text-navy-700 underline underline-offset-4"
                      >
                        {row.email}
                      </Link>
                    </TableCell>
                    <TableCell data-label="Year">{row.year}</TableCell>
                    <TableCell data-label="Gifts" className="md:text-right tabular">
                      {row.giftCount}
                    </TableCell>
                    <TableCell data-label="Total" className="md:text-right tabular">
                      {formatCents(row.totalCents)}
                    </TableCell>
                    <TableCell data-label="Sent by">
                      <span className="inline-flex flex-wrap items-center gap-2">
                        {row.source === "staff" ? (
                          <span className="break-all">{row.actorEmail ?? "Staff"}</span>
                        ) : (
                          <Badge variant="secondary">{SOURCE_LABELS[row.source]}</Badge>
                        )}
                        {row.corrected ? <Badge variant="warning">Correction</Badge> : null}
                      </span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <PaginationNav page={sent.page} pageCount={sent.pageCount} label="Sent summaries pages" />
          </>
        )}
      </section>
    </div>
  );
}
