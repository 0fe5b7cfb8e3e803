import { Printer } from "lucide-react";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";

/** Print needs JavaScript; without it the browser's own Print does the same, so the button is simply absent. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button type="button" variant="outline" onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      Print this receipt
    </Button>
  );
}
