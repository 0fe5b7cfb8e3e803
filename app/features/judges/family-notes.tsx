import { Gavel } from "lucide-react";
import { Notice } from "~/ui/notice";

type Note = { school: string; tournament: string; owed: number; confirmed: number; short: number; formPath: string };

/** The payment result's word on judges: what each entry's school owes so far, with the judge form (decision 0045). */
export function FamilyJudgeNotes({ notes }: { notes: readonly Note[] }) {
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="judge-notes-title" className="mt-4 grid gap-3">
      <h2 id="judge-notes-title" className="text-xl font-bold text-navy-900">
        Judges
      </h2>
      {notes.map((note) => (
        <Notice key={`${note.formPath}|${note.school}`} tone="info" icon={Gavel}>
          <p data-testid="judge-note">
            {note.owed === 0
              ? `${note.school} owes no judges for ${note.tournament} so far.`
              : `${note.school} owes ${note.owed} ${note.owed === 1 ? "judge" : "judges"} for ${note.tournament} so far: ${note.confirmed} confirmed, ${note.short} still to name and confirm.`}{" "}
            <a href={note.formPath} className="font-semibold underline underline-offset-4">
              Name a judge
            </a>
          </p>
        </Notice>
      ))}
    </section>
  );
}
