import { formatCents, formatMonthKey } from "~/core/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { MonthRow } from "../page.server";
import { axisFor, position, shortDollars } from "./scale";

const WIDTH = 640;
const HEIGHT = 260;
const LEFT = 52;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 40;

/**
 * Gross and net by month (decision 0053): an SVG drawn on the server, so it reads without JavaScript, with a
 * title and a description; the table beside it holds the same numbers and is what assistive technology reads (the
 * drawing itself is one image to them).
 */
export function GrossNetChart({ months, feesKnown }: { months: MonthRow[]; feesKnown: boolean }) {
  const axis = axisFor(months.flatMap((month) => [month.gross, month.net]));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(1, months.length);
  const bar = Math.max(2, Math.min(18, slot / 2 - 3));
  const zero = position(0, axis, TOP, plotHeight);
  const every = Math.ceil(months.length / 12);
  const best = months.reduce((top, month) => (month.gross > top.gross ? month : top), months[0]!);
  return (
    <section aria-labelledby="chart-heading" className="grid gap-3">
      <h2 id="chart-heading" className="text-lg font-semibold text-navy-900">
        Gross and net by month
      </h2>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <figure className="grid gap-2 self-start rounded-card border border-border bg-card p-3">
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="h-auto w-full"
            role="img"
            aria-labelledby="chart-title chart-desc"
          >
            <title id="chart-title">Gross and net by month</title>
            <desc id="chart-desc">
              {`Bars for ${months.length} months, gross beside net${feesKnown ? "" : " (before processor fees)"}. The highest gross is ${formatCents(best.gross)} in ${formatMonthKey(best.month)}. The table "Gross and net by month" next to the chart lists every figure.`}
            </desc>
            {axis.ticks.map((tick) => {
              const y = position(tick, axis, TOP, plotHeight);
              return (
                <g key={tick}>
                  <line x1={LEFT} x2={WIDTH - RIGHT} y1={y} y2={y} className="stroke-sand-200" strokeWidth={1} />
                  <text x={LEFT - 6} y={y + 4} textAnchor="end" className="fill-stone-600 text-[13px]">
                    {shortDollars(tick)}
                  </text>
                </g>
              );
            })}
            {months.map((month, index) => {
              const x = LEFT + index * slot + slot / 2;
              const gross = position(month.gross, axis, TOP, plotHeight);
              const net = position(month.net, axis, TOP, plotHeight);
              return (
                <g key={month.month}>
                  <rect
                    x={x - bar - 1}
                    y={Math.min(gross, zero)}
                    width={bar}
                    height={Math.abs(zero - gross)}
                    className="fill-navy-700"
                  />
                  <rect
                    x={x + 1}
                    y={Math.min(net, zero)}
                    width={bar}
                    height={Math.abs(zero - net)}
                    className="fill-citron-400 stroke-citron-800"
                    strokeWidth={1}
                  />
                  {index % every === 0 ? (
                    <text x={x} y={HEIGHT - BOTTOM + 16} textAnchor="middle" className="fill-stone-600 text-[13px]">
                      {formatMonthKey(month.month).replace(" 20", " ’")}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={zero} y2={zero} className="stroke-navy-900" strokeWidth={1} />
          </svg>
          <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 bg-navy-700" /> Gross
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 border border-citron-800 bg-citron-400" /> Net
              {feesKnown ? "" : " (before processor fees)"}
            </span>
          </figcaption>
        </figure>
        <Table aria-labelledby="months-table-caption" className="tabular-nums">
          <caption id="months-table-caption" className="sr-only">
            Gross and net by month
          </caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Month</TableHead>
              <TableHead scope="col" className="text-right">
                Gross
              </TableHead>
              <TableHead scope="col" className="text-right">
                Out
              </TableHead>
              <TableHead scope="col" className="text-right">
                Net
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {months.map((month) => (
              <TableRow key={month.month}>
                <TableHead scope="row" className="font-normal">
                  {formatMonthKey(month.month)}
                </TableHead>
                <TableCell className="text-right">{formatCents(month.gross)}</TableCell>
                <TableCell className="text-right" title="Refunds, lost disputes and processor fees">
                  {formatCents(month.refunds + month.disputes + month.fees)}
                </TableCell>
                <TableCell className="text-right">{formatCents(month.net)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
