import { useEffect, useRef } from "react";

export const schoolLogoPlaceholder = "/images/schools/placeholder.svg";

function showPlaceholder(element: HTMLImageElement) {
  if (!element.src.endsWith(schoolLogoPlaceholder)) element.src = schoolLogoPlaceholder;
}

/**
 * A school's logo at its displayed size; when the file fails to load, the
 * placeholder takes its place. A failure before hydration is caught on mount.
 */
export function SchoolLogo({
  src,
  name,
  alt,
  eager = false,
}: {
  src: string;
  name: string;
  /** An uploaded logo's own alt text (otherwise "<name> logo"). */
  alt?: string;
  eager?: boolean;
}) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) showPlaceholder(element);
  }, []);
  return (
    <img
      ref={image}
      src={src}
      alt={alt ?? `${name} logo`}
      width={64}
      height={64}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="size-16 shrink-0 rounded-xl bg-sand-100"
      onError={(event) => showPlaceholder(event.currentTarget)}
    />
  );
}
