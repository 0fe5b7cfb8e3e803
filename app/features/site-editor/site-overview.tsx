import { Download, FilePenLine, Upload } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/core/format";
import { buttonVariants } from "~/ui/button";
import { DashboardHeader } from "~/ui/dashboard";
import { Field, FieldDescription, FieldLabel } from "~/ui/field";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";

export type SectionSummary = {
  key: string;
  label: string;
  file: string;
  pages: string[];
  live: { version: number; by: string; at: string } | null;
  draft: { by: string; at: string } | null;
};

export type ImportActionData = { problems: string[] };

/** The Site content page: every editable section, the export and (admins) the import. */
export function SiteOverview({
  sections,
  canImport,
  importResult,
}: {
  sections: SectionSummary[];
  canImport: boolean;
  importResult?: ImportActionData;
}) {
  const navigation = useNavigation();
  return (
    <div className="grid gap-6">
      <DashboardHeader
        title="Site content"
        description="The texts, people and schools visitors read. Edit a section, preview it on its pages, then publish it."
      >
        <a href="/admin/site/export.yaml" download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Export all (YAML)
        </a>
      </DashboardHeader>
      <ul className="grid gap-3 md:grid-cols-2">
        {sections.map((section) => (
          <li key={section.key} className="grid gap-2 rounded-lg border p-4">
            <h2 className="text-base font-semibold">
              <Link
                to={`/admin/site/${section.key}`}
                className="inline-flex items-center gap-2 underline-offset-4 hover:underline"
              >
                <FilePenLine aria-hidden="true" className="size-4" />
                {section.label}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">Shown on {section.pages.join(", ")}.</p>
            <p className="text-sm">
              {section.live
                ? `Version ${section.live.version}, published by ${section.live.by} on ${formatDateTime(section.live.at)}.`
                : `As deployed (content/${section.file}).`}
            </p>
            {section.draft ? (
              <p className="text-sm font-medium text-amber-800">
                Unpublished draft by {section.draft.by}, {formatDateTime(section.draft.at)}.
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {canImport ? (
        <section aria-labelledby="import-heading" className="grid gap-3 rounded-lg border p-4">
          <h2 id="import-heading" className="text-lg font-semibold">
            Import
          </h2>
          {importResult?.problems.length ? (
            <Notice tone="error" title="Nothing was imported: the file has problems">
              <ul className="list-disc pl-5">
                {importResult.problems.slice(0, 30).map((problem) => (
                  <li key={problem} className="whitespace-pre-line">
                    {problem}
                  </li>
                ))}
              </ul>
            </Notice>
          ) : null}
          <Form method="post" encType="multipart/form-data" className="grid gap-3">
            <input type="hidden" name="intent" value="import" />
            <Field>
              <FieldLabel htmlFor="import-file" required>
                Exported file
              </FieldLabel>
              <FieldDescription id="import-file-hint">
                A file from Export all. Every section is checked first; if any has a problem nothing changes. Each
                section that differs is published as its next version.
              </FieldDescription>
              <input
                id="import-file"
                name="file"
                type="file"
                accept=".yaml,.yml,text/yaml,application/yaml"
                required
                aria-describedby="import-file-hint"
                className="text-sm"
              />
            </Field>
            <div>
              <PendingButton
                pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "import"}
                variant="outline"
                icon={<Upload aria-hidden="true" />}
              >
                Import and publish
              </PendingButton>
            </div>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
