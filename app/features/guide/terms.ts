/**
 * Philosophical terms that show a short definition wherever they appear in
 * guide text (docs/product.md: deontology, utilitarianism, virtue ethics, other
 * traditions).
 */
export const philosophicalTerms = [
  {
    term: "deontology",
    definition:
      "Duty-based ethics (Immanuel Kant is the best-known source): some actions are right or wrong in themselves, whatever their consequences. Cases built on it argue from rights, rules and respect for persons.",
  },
  {
    term: "utilitarianism",
    definition:
      "Consequence-based ethics (Jeremy Bentham, John Stuart Mill): the right action is the one that produces the greatest overall well-being. Cases built on it weigh outcomes, costs and benefits.",
  },
  {
    term: "virtue ethics",
    definition:
      "Character-based ethics rooted in Aristotle: ask what a person of good character (honest, just, courageous, temperate) would do, and what kind of people an action makes us.",
  },
  {
    term: "other traditions",
    definition:
      "Frameworks beyond the big three, such as social contract theory, natural law, care ethics, Confucian ethics and Ubuntu. Each gives a different standard for weighing the resolution.",
  },
] as const;

export type PhilosophicalTerm = (typeof philosophicalTerms)[number];

export type TextPart = { kind: "text"; text: string } | { kind: "term"; text: string; term: PhilosophicalTerm };

const termPattern = new RegExp(`\\b(${philosophicalTerms.map((t) => t.term).join("|")})\\b`, "gi");

/**
 * Splits a block of text so the first mention of each term can carry its
 * definition; later mentions in the same block stay plain to keep the text calm.
 */
export function splitTerms(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const seen = new Set<string>();
  let last = 0;
  for (const match of text.matchAll(termPattern)) {
    const term = philosophicalTerms.find((t) => t.term === match[0].toLowerCase());
    if (!term || seen.has(term.term)) continue;
    seen.add(term.term);
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({ kind: "term", text: match[0], term });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** Blank lines separate paragraphs in content files. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
}
