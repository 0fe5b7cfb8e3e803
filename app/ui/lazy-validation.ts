import type { Submission } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState } from "react";

export type Validate<Input, Output> = (formData: FormData) => Submission<Input, string[], Output>;

/**
 * A form's browser-side validation (Zod and Conform's Zod adapter, about 30 KB
 * on the wire), loaded when someone first focuses or touches the form rather
 * than with the page (decision 0019). Until it has loaded, Conform sends the form
 * as it is and shows the action's answer: the same schema, checked on the
 * server, gives the same messages, so nothing is lost by being quick.
 *
 * Spread `loadOnUse` on the <form>; pass `onValidate` to Conform's useForm.
 */
export function useLazyValidation<Input, Output>(load: () => Promise<Validate<Input, Output>>) {
  const [validate, setValidate] = useState<Validate<Input, Output> | null>(null);
  const loader = useRef(load);
  const started = useRef(false);
  useEffect(() => {
    loader.current = load;
  });
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    loader.current().then(
      (loaded) => setValidate(() => loaded),
      // Offline or a new deployment: the server still validates; try again on the next touch.
      () => {
        started.current = false;
      },
    );
  }, []);
  return {
    onValidate: validate ? ({ formData }: { formData: FormData }) => validate(formData) : undefined,
    loadOnUse: { onFocus: start, onPointerDown: start },
  };
}
