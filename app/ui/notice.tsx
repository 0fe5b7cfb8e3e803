import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type * as React from "react";
import { cn } from "./cn";
import type { ToastMessage } from "./toast";

export type NoticeTone = "error" | "success" | "info";

const tones: Record<NoticeTone, { box: string; title: string; icon: typeof Info }> = {
  error: { box: "border-destructive/30 bg-danger-soft", title: "text-destructive", icon: CircleAlert },
  success: { box: "border-success/30 bg-success-soft", title: "text-success", icon: CircleCheck },
  info: { box: "border-border bg-navy-50", title: "text-navy-900", icon: Info },
};

/**
 * The one in-page notice: a form's outcome, a refusal, a state worth saying. An error is announced at once
 * (role="alert"), anything else politely (role="status"). It is plain HTML: it works without JavaScript.
 */
export function Notice({
  tone,
  title,
  children,
  className,
  size = "default",
  icon = true,
  ...props
}: Omit<React.ComponentProps<"div">, "title"> & {
  tone: NoticeTone;
  title?: React.ReactNode;
  size?: "default" | "lg";
  icon?: boolean;
}) {
  const style = tones[tone];
  const Icon = style.icon;
  const large = size === "lg";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-slot="notice"
      className={cn("flex rounded-lg border text-sm", large ? "gap-4 rounded-card p-6" : "gap-3 px-4 py-3", style.box, className)}
      {...props}
    >
      {icon ? <Icon className={cn("shrink-0", large ? "mt-0.5 size-6" : "mt-0.5 size-4", style.title)} aria-hidden="true" /> : null}
      <div className="grid min-w-0 gap-0.5">
        {title ? <p className={cn("font-semibold", large ? "text-lg font-bold text-navy-900" : style.title)}>{title}</p> : null}
        {children ? <div className={cn("text-foreground", large && "mt-1 text-base text-stone-700")}>{children}</div> : null}
      </div>
    </div>
  );
}

/** A notice given as a toast's message (a title and a text): the same words in the page. */
export function NoticeBox({ notice, className }: { notice: ToastMessage | null | undefined; className?: string }) {
  if (!notice) return null;
  return (
    <Notice tone={notice.type} title={notice.title} className={className}>
      {notice.description ? <p className="text-navy-900">{notice.description}</p> : null}
    </Notice>
  );
}
