import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { ScheduleRow } from "./schema";

/** docs/product.md's table of speeches: Speech, Time Limit, Purpose; scrolls in its own box on phones. */
export function SpeechTable({ rows, caption }: { rows: readonly ScheduleRow[]; caption: string }) {
  return (
    <div
      role="region"
      aria-label={caption}
      // Focusable so keyboard users can scroll it on phones (axe: scrollable-region-focusable).
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="w-full overflow-x-auto rounded-card border border-border bg-card"
    >
      <table className="w-full min-w-[32rem] text-sm tabular">
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Speech</TableHead>
            <TableHead scope="col">Time Limit</TableHead>
            <TableHead scope="col">Purpose</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            // Rows repeat (e.g. two "Prep time" rows), so the position is part of the key.
            // oxlint-disable-next-line react/no-array-index-key
            <TableRow key={`${index}-${row.speech}`}>
              <TableCell className="font-semibold text-navy-900">{row.speech}</TableCell>
              <TableCell className="whitespace-nowrap">{row.time}</TableCell>
              <TableCell className="text-stone-700">{row.purpose}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </table>
    </div>
  );
}
