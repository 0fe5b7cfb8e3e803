import { DashboardHeader, ExportLink } from "~/ui/dashboard";
import { Notice } from "~/ui/notice";
import { GrossNetChart } from "./chart/gross-net-chart";
import { exportHref } from "./csv/hrefs";
import { FiguresTable } from "./figures/figures-table";
import { GivingTables } from "./giving/giving-tables";
import type { FinancePage } from "./page.server";
import { FiscalStartForm, PeriodForms } from "./period/period-form";
import { fiscalYearOf } from "./period/period";
import { ReconciliationView } from "./reconciliation/reconciliation-view";
import { TournamentsTable } from "./tournaments/tournaments-table";

/** /admin/finance (decision 0053): the board's season in numbers for one period. */
export function FinanceView({
  page,
  today,
  settingError,
}: {
  page: FinancePage;
  today: string;
  settingError?: string;
}) {
  const { period } = page;
  const current = fiscalYearOf(today, page.startMonth);
  const fiscalYears = Array.from({ length: 8 }, (_, index) => current - index);
  return (
    <div className="grid gap-8">
      <DashboardHeader title="Finance" description={period.label}>
        <ExportLink href={exportHref("lines", period)}>Every line (CSV)</ExportLink>
        <ExportLink href={exportHref("streams", period)}>Figures (CSV)</ExportLink>
      </DashboardHeader>
      {page.problem ? (
        <Notice tone="error" title="That period could not be shown">
          {page.problem} Showing the current fiscal year.
        </Notice>
      ) : null}
      <PeriodForms period={period} fiscalYears={fiscalYears} />
      <FiguresTable page={page} />
      <GrossNetChart months={page.months} feesKnown={page.fees !== null} />
      <p className="-mt-6 text-sm">
        <a href={exportHref("months", period)} download className="underline">
          Months CSV
        </a>
      </p>
      <TournamentsTable rows={page.figures.tournaments} period={period} />
      <GivingTables giving={page.figures.giving} period={period} />
      <ReconciliationView stripe={page.stripe} period={period} />
      <section aria-labelledby="settings-heading" className="grid gap-2">
        <h2 id="settings-heading" className="text-lg font-semibold text-navy-900">
          Fiscal year
        </h2>
        <FiscalStartForm startMonth={page.startMonth} error={settingError} />
      </section>
    </div>
  );
}
