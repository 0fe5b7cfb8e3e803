import type * as React from "react";
import { cn } from "~/ui/cn";

/**
 * The Citron emblem: a citron fruit with its leaf on a navy tile. Drawn for
 * this project; crisp from 24 px up.
 */
export function LogoMark({ className, title, ...props }: React.ComponentProps<"svg"> & { title?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      // A className given sets the size (size-9 otherwise).
      className={cn("shrink-0", className ?? "size-9")}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <rect width="32" height="32" rx="8" fill="#0f1b35" />
      <path
        d="M15.5 8.5c5.2 0 9 3.9 9 9.3 0 4.9-3.8 8.2-8.6 8.2-5.2 0-8.9-3.7-8.9-8.6 0-2.2.7-4 2-5.5"
        fill="#d2df3f"
      />
      <path d="M9 11.9c1.6-2.1 3.8-3.4 6.5-3.4" stroke="#d2df3f" strokeWidth="2.2" strokeLinecap="round" fill="none" />
      <path d="M16.2 8.6c.6-2.9 3-4.6 6.6-4.4-.4 3.2-2.9 5-6.6 4.4z" fill="#96a318" />
      <path
        d="M12.2 15.2c1.2-1.6 2.9-2.4 4.8-2.3"
        stroke="#0f1b35"
        strokeOpacity=".35"
        strokeWidth="1.4"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

export function Wordmark({ name, shortName }: { name: string; shortName: string }) {
  const rest = name.startsWith(shortName) ? name.slice(shortName.length).trim() : name;
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      <span className="flex flex-col leading-none">
        <span className="text-lg font-extrabold tracking-tight text-navy-900">{shortName}</span>{" "}
        <span className="text-[0.6875rem] font-semibold tracking-[0.08em] text-stone-600 uppercase">{rest}</span>
      </span>
    </span>
  );
}
