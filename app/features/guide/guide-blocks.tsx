import { ExternalLink } from "lucide-react";
import type * as React from "react";
import { InlineTerms } from "./term-text";
import type { GuideConcept, GuideResource } from "./schema";

/** A titled block inside a tab; renders nothing when it has no content. */
export function GuideSection({ title, children }: { title: string; children: React.ReactNode }) {
  if (!children) return null;
  return (
    <section className="grid gap-3">
      <h3 className="text-lg font-bold text-navy-900">{title}</h3>
      {children}
    </section>
  );
}

export function BulletList({ items }: { items?: readonly string[] }) {
  if (!items?.length) return null;
  return (
    <ul className="grid gap-2">
      {items.map((item) => (
        <li
          key={item}
          className="relative pl-5 before:absolute before:top-[0.6em] before:left-0 before:size-2 before:rounded-full before:bg-citron-500"
        >
          <InlineTerms text={item} />
        </li>
      ))}
    </ul>
  );
}

export function ConceptList({ concepts }: { concepts?: readonly GuideConcept[] }) {
  if (!concepts?.length) return null;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {concepts.map((concept) => (
        <div key={concept.name} className="rounded-xl border border-border bg-sand-50 p-4">
          <dt className="font-semibold text-navy-900">{concept.name}</dt>
          <dd className="mt-1 text-[0.9375rem] text-stone-700">
            <InlineTerms text={concept.description} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ResourceList({ resources }: { resources?: readonly GuideResource[] }) {
  if (!resources?.length) return null;
  return (
    <ul className="grid gap-2">
      {resources.map((resource) => (
        <li key={resource.url}>
          <a
            href={resource.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-6 items-center gap-1.5 font-semibold text-navy-700 underline decoration-navy-300 underline-offset-4 hover:decoration-navy-700"
          >
            {resource.title}
            <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
