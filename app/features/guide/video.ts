/**
 * Turns a share link into the address of an embeddable player, or null when
 * the link is not one we can embed (docs/product.md: video and file-share links are
 * converted to embeddable form). Only hosts allowed by the CSP's frame-src
 * (app/core/security.server.ts) are produced.
 */
export function toEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);

  if (host === "youtube.com" || host === "youtube-nocookie.com" || host === "youtu.be") {
    const id = youTubeId(host, parts, url.searchParams);
    // The privacy-enhanced host sets no cookies until the visitor presses play.
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }

  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const idIndex =
      host === "player.vimeo.com" ? (parts[0] === "video" ? 1 : -1) : parts.findIndex((p) => /^\d+$/.test(p));
    const id = idIndex >= 0 ? parts[idIndex] : undefined;
    if (!id || !/^\d+$/.test(id)) return null;
    // Unlisted videos carry a privacy hash (vimeo.com/ID/HASH or ?h=HASH) the player needs.
    const hash = url.searchParams.get("h") ?? (host === "vimeo.com" ? parts[idIndex + 1] : undefined);
    return hash && /^[0-9a-f]+$/i.test(hash)
      ? `https://player.vimeo.com/video/${id}?h=${hash}`
      : `https://player.vimeo.com/video/${id}`;
  }

  if (host === "drive.google.com") {
    const id =
      parts[0] === "file" && parts[1] === "d" ? parts[2] : parts[0] === "open" ? url.searchParams.get("id") : null;
    return id && /^[\w-]{10,}$/.test(id) ? `https://drive.google.com/file/d/${id}/preview` : null;
  }

  return null;
}

const youTubeIdPattern = /^[\w-]{11}$/;

function youTubeId(host: string, parts: string[], params: URLSearchParams): string | null {
  let id: string | null | undefined;
  if (host === "youtu.be") id = parts[0];
  else if (parts[0] === "watch") id = params.get("v");
  else if (parts[0] === "shorts" || parts[0] === "embed" || parts[0] === "live") id = parts[1];
  return id && youTubeIdPattern.test(id) ? id : null;
}
