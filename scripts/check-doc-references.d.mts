// Types of scripts/check-doc-references.mjs for its test.
export const OUTSIDE_FILES: string[];
export const SCANNED: string[];
export interface Repo {
  exists: (relativePath: string) => boolean;
  anchors: (relativePath: string) => Set<string> | null;
  decisions: Set<string>;
  read?: (p: string) => string | null;
  /** Every file name of the repository (no folder), for bare file names and naming conventions. */
  names?: Set<string>;
}
export function findProblems(file: string, text: string, repo: Repo): { line: number; message: string }[];
export function headingAnchors(markdown: string): Set<string>;
export function checkRepository(root: string): string[];
