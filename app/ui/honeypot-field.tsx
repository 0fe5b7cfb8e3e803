import { HONEYPOT_FIELD } from "~/core/honeypot";

/** The field people never see and bots fill (checked on the server by caughtByHoneypot, app/core/honeypot.ts). */
export function HoneypotField({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
