import { describe, expect, it } from "vitest";
import { toEmbedUrl } from "./video";

describe("toEmbedUrl", () => {
  it.each([
    // YouTube: watch, short, youtu.be, embed and mobile links all become the privacy-enhanced player.
    ["https://www.youtube.com/watch?v=Lx7nQ2pYt4A", "https://www.youtube-nocookie.com/embed/Lx7nQ2pYt4A"],
    ["https://youtube.com/watch?v=Lx7nQ2pYt4A&t=42s&list=PL123", "https://www.youtube-nocookie.com/embed/Lx7nQ2pYt4A"],
    ["https://m.youtube.com/watch?v=Lx7nQ2pYt4A", "https://www.youtube-nocookie.com/embed/Lx7nQ2pYt4A"],
    ["https://youtu.be/Fm3kD9vQe2s?si=abc", "https://www.youtube-nocookie.com/embed/Fm3kD9vQe2s"],
    ["https://www.youtube.com/shorts/Hm5pQ3rTz8c", "https://www.youtube-nocookie.com/embed/Hm5pQ3rTz8c"],
    ["https://www.youtube.com/embed/Hm5pQ3rTz8c", "https://www.youtube-nocookie.com/embed/Hm5pQ3rTz8c"],
    ["https://www.youtube-nocookie.com/embed/Hm5pQ3rTz8c", "https://www.youtube-nocookie.com/embed/Hm5pQ3rTz8c"],
    // Vimeo: public, unlisted (privacy hash) and player links.
    ["https://vimeo.com/823456712", "https://player.vimeo.com/video/823456712"],
    ["https://vimeo.com/823456712/a1b2c3d4e5", "https://player.vimeo.com/video/823456712?h=a1b2c3d4e5"],
    ["https://vimeo.com/channels/staffpicks/823456712", "https://player.vimeo.com/video/823456712"],
    ["https://player.vimeo.com/video/823456712", "https://player.vimeo.com/video/823456712"],
    // Google Drive file links become the preview player.
    [
      "https://drive.google.com/file/d/1Oa7rTqWm3XcVb8nE2kLp9Yz4HsD6fJuQ/view?usp=sharing",
      "https://drive.google.com/file/d/1Oa7rTqWm3XcVb8nE2kLp9Yz4HsD6fJuQ/preview",
    ],
    [
      "https://drive.google.com/open?id=1Oa7rTqWm3XcVb8nE2kLp9Yz4HsD6fJuQ",
      "https://drive.google.com/file/d/1Oa7rTqWm3XcVb8nE2kLp9Yz4HsD6fJuQ/preview",
    ],
    ["  https://youtu.be/Fm3kD9vQe2s  ", "https://www.youtube-nocookie.com/embed/Fm3kD9vQe2s"],
  ])("%s -> %s", (link, embed) => {
    expect(toEmbedUrl(link)).toBe(embed);
  });

  it.each([
    ["not a url"],
    ["https://example.org/video.mp4"],
    ["javascript:alert(1)"],
    ["ftp://youtube.com/watch?v=Lx7nQ2pYt4A"],
    ["https://www.youtube.com/watch"],
    ["https://www.youtube.com/watch?v=short"],
    ["https://www.youtube.com/@nsda"],
    ["https://youtube.com.evil.example/watch?v=Lx7nQ2pYt4A"],
    ["https://vimeo.com/channels/staffpicks"],
    ["https://drive.google.com/drive/folders/1Oa7rTqWm3XcVb8nE2kLp9Yz4HsD6fJuQ"],
    ["https://docs.google.com/document/d/1Oa7rTqWm3XcVb8nE2kLp9Yz4HsD6fJuQ/edit"],
  ])("rejects %s", (link) => {
    expect(toEmbedUrl(link)).toBeNull();
  });
});
