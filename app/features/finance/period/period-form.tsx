import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Select } from "~/ui/select";
import { monthName, type Period } from "./period";

/**
 * The period to show (GET: the address names it, so it can be bookmarked and works without JavaScript): a fiscal
 * year, a month, or a range of days. Three small forms, each complete on its own.
 */
export function PeriodForms({ period, fiscalYears }: { period: Period; fiscalYears: number[] }) {
  const year = period.kind === "fiscal" ? period.from.slice(0, 4) : String(fiscalYears[0]);
  return (
    <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-[1fr_1fr_1.5fr]">
      <Form
        method="get"
        className="flex flex-wrap items-end gap-2 rounded-card border border-border bg-card p-3"
        aria-label="Show a fiscal year"
      >
        <input type="hidden" name="period" value="fiscal" />
        <div className="grid min-w-36 flex-1 gap-1">
          <Label htmlFor="period-year">Fiscal year</Label>
          <Select id="period-year" name="year" defaultValue={year}>
            {fiscalYears.map((option) => (
              <option key={option} value={option}>
                starting {option}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Show year
        </Button>
      </Form>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-2 rounded-card border border-border bg-card p-3"
        aria-label="Show a month"
      >
        <input type="hidden" name="period" value="month" />
        <div className="grid min-w-36 flex-1 gap-1">
          <Label htmlFor="period-month">Month</Label>
          <Input
            id="period-month"
            name="month"
            type="month"
            defaultValue={period.kind === "month" ? period.from.slice(0, 7) : ""}
            placeholder="YYYY-MM"
            pattern="\d{4}-\d{2}"
            required
          />
        </div>
        <Button type="submit" variant="outline">
          Show month
        </Button>
      </Form>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-2 rounded-card border border-border bg-card p-3"
        aria-label="Show a range of days"
      >
        <input type="hidden" name="period" value="range" />
        <div className="grid min-w-36 flex-1 gap-1">
          <Label htmlFor="period-from">From</Label>
          <Input
            id="period-from"
            name="from"
            type="date"
            defaultValue={period.kind === "range" ? period.from : ""}
            required
          />
        </div>
        <div className="grid min-w-36 flex-1 gap-1">
          <Label htmlFor="period-to">To</Label>
          <Input
            id="period-to"
            name="to"
            type="date"
            defaultValue={period.kind === "range" ? period.to : ""}
            required
          />
        </div>
        <Button type="submit" variant="outline">
          Show days
        </Button>
      </Form>
    </div>
  );
}

/** The fiscal year's first month (admins; POST, audited). */
export function FiscalStartForm({ startMonth, error }: { startMonth: number; error?: string }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" aria-label="The fiscal year's first month">
      <input type="hidden" name="intent" value="fiscal-start" />
      <div className="grid gap-1">
        <Label htmlFor="fiscal-start">The fiscal year starts in</Label>
        <Select
          id="fiscal-start"
          name="startMonth"
          defaultValue={String(startMonth)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "fiscal-start-error" : undefined}
        >
          {Array.from({ length: 12 }, (_, index) => (
            <option key={index + 1} value={index + 1}>
              {monthName(index + 1)}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline">
        Save
      </Button>
      {error ? (
        <p id="fiscal-start-error" className="w-full text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
