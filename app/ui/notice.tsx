import type * as React from "react";
import { cn } from "./cn";

type NoticeTone = "error" | "success" | "info";

const tones: Record<NoticeTone, { box: string; title: string }> = {
  error: { box: "border-destructive/30 bg-danger-soft", title: "text-destructive" },
  success: { box: "border-success/30 bg-success-soft", title: "text-success" },
  info: { box: "border-border bg-navy-50", title: "text-navy-900" },
};

/**
 * The one in-page notice: a form's outcome, a refusal, a state worth saying. An error is announced at once
 * (role="alert"), anything else politely (role="status"). It is plain HTML: it works without JavaScript.
 * `icon` is an icon component (lucide's), passed in so that pages whose notices have none do not load one.
 */
export function Notice({
  tone,
  title,
  children,
  className,
  size = "default",
  icon: Icon,
  ...props
}: Omit<React.ComponentProps<"div">, "title"> & {
  tone: NoticeTone;
  title?: React.ReactNode;
  size?: "default" | "lg";
  icon?: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
}) {
  const style = tones[tone];
  const large = size === "lg";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-slot="notice"
      className={cn(
        "flex rounded-lg border text-sm",
        large ? "gap-4 rounded-card p-6" : "gap-3 px-4 py-3",
        style.box,
        className,
      )}
      {...props}
    >
      {Icon ? (
        <Icon className={cn("shrink-0", large ? "mt-0.5 size-6" : "mt-0.5 size-4", style.title)} aria-hidden="true" />
      ) : null}
      <div className="grid min-w-0 gap-0.5">
        {title ? (
          <p className={cn("font-semibold", large ? "text-lg font-bold text-navy-900" : style.title)}>{title}</p>
        ) : null}
        {children ? (
          <div className={cn("text-foreground", large && "mt-1 text-base text-stone-700")}>{children}</div>
        ) : null}
      </div>
    </div>
  );
}
