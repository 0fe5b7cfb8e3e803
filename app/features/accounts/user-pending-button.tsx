import { useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Spinner } from "~/ui/spinner";

/** A submit button naming its intent, with a spinner while that intent is on its way. */
export function Pending({ intent, children, disabled, ...props }: React.ComponentProps<typeof Button> & { intent: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} disabled={busy || disabled} {...props}>
      {busy ? <Spinner /> : null}
      {children}
    </Button>
  );
}
