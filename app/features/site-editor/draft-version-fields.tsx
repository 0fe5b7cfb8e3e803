/**
 * The live version and the draft a form was opened on, sent back with every form that writes the draft, so a write
 * over someone else's change is refused (decision 0039).
 */
export function DraftVersionFields({ baseVersion, draftStamp }: { baseVersion: number; draftStamp: string }) {
  return (
    <>
      <input type="hidden" name="baseVersion" value={baseVersion} />
      <input type="hidden" name="draftStamp" value={draftStamp} />
    </>
  );
}
