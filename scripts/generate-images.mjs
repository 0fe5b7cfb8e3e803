// Draws the site's generated images (run after adding a school):
//   node scripts/generate-images.mjs
// - an emblem for every school in content/schools.yaml that has no logo file yet
//   (public/images/schools/<slug>.svg), and the placeholder shown when a logo fails;
// - public/og-image.png (1200x630), the picture shown when a page is shared,
//   rendered from SVG by the test Chromium.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { parse } from "yaml";

const root = path.resolve(import.meta.dirname, "..");
const palette = ["#18294d", "#243a66", "#344c7c", "#4f5610", "#7c2d12", "#134e4a", "#3b0764", "#44423b"];
const stopWords = new Set(["of", "the", "and", "high", "school", "day"]);

function hash(text) {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0;
  return value;
}

function initials(name) {
  const words = name.split(/\s+/).filter((word) => !stopWords.has(word.toLowerCase()));
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join("");
}

const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/'/g, "&apos;");

/** A shield with the school's initials, a colour from its name and a citron laurel. */
function schoolEmblem(name) {
  const fill = palette[hash(name) % palette.length];
  const letters = initials(name);
  const size = letters.length > 1 ? 34 : 42;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="${escape(name)} emblem">
<rect width="120" height="120" rx="24" fill="#f5f1e8"/>
<path d="M60 12 96 24v30c0 26-16 44-36 54-20-10-36-28-36-54V24z" fill="${fill}"/>
<path d="M60 20 89 30v24c0 21-12 36-29 45-17-9-29-24-29-45V30z" fill="none" stroke="#d2df3f" stroke-width="2.5"/>
<text x="60" y="71" text-anchor="middle" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-weight="800" font-size="${size}" fill="#ffffff" letter-spacing="1">${letters}</text>
<path d="M44 88c5 4 10 6 16 6s11-2 16-6" fill="none" stroke="#d2df3f" stroke-width="3" stroke-linecap="round"/>
</svg>
`;
}

const placeholder = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="School">
<rect width="120" height="120" rx="24" fill="#e9e3d5"/>
<path d="M60 26 24 44v6h72v-6z" fill="#9aaccc"/>
<path d="M32 54h10v30H32zm23 0h10v30H55zm23 0h10v30H78z" fill="#9aaccc"/>
<path d="M24 88h72v8H24z" fill="#9aaccc"/>
</svg>
`;

const supporter = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 340 96" width="340" height="96" role="img" aria-label="Harborview Community Foundation">
<rect width="340" height="96" rx="16" fill="#ffffff"/>
<g transform="translate(16 12)">
<circle cx="36" cy="36" r="36" fill="#134e4a"/>
<path d="M31 18h10l3 34H28z" fill="#f5f1e8"/>
<path d="M29 14h14l-2 5H31z" fill="#d2df3f"/>
<path d="M8 54c6-4 12-4 18 0s12 4 18 0 12-4 18 0" fill="none" stroke="#d2df3f" stroke-width="3" stroke-linecap="round"/>
</g>
<text x="104" y="44" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-weight="800" font-size="24" fill="#134e4a">Harborview</text>
<text x="104" y="70" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-weight="600" font-size="14" fill="#44423b" letter-spacing="1">COMMUNITY FOUNDATION</text>
</svg>
`;

const { schools } = parse(readFileSync(path.join(root, "content/schools.yaml"), "utf8"));
let drawn = 0;
for (const school of schools) {
  const file = path.join(root, "public", school.logo);
  if (existsSync(file)) continue;
  writeFileSync(file, schoolEmblem(school.name));
  drawn += 1;
}
writeFileSync(path.join(root, "public/images/schools/placeholder.svg"), placeholder);
writeFileSync(path.join(root, "public/images/supporters/harborview-community-foundation.svg"), supporter);
console.log(`drew ${drawn} school emblems`);

const logo = readFileSync(path.join(root, "public/favicon.svg"), "utf8").replace(
  "<svg ",
  '<svg width="150" height="150" ',
);
const ogHtml = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;background:#0f1b35;color:#fff;font-family:Inter,'Segoe UI',Helvetica,Arial,sans-serif;position:relative;overflow:hidden">
<div style="position:absolute;right:-140px;top:-140px;width:520px;height:520px;border-radius:50%;background:rgba(210,223,63,.14)"></div>
${logo}
<div style="margin-top:48px;font-size:76px;font-weight:800;letter-spacing:-1.5px">Citron Online District</div>
<div style="margin-top:20px;font-size:34px;color:#e3e9f3;max-width:900px;line-height:1.35">Online speech, debate and model congress for students who cannot compete on Friday or Saturday.</div>
<div style="position:absolute;left:80px;bottom:64px;height:10px;width:180px;border-radius:5px;background:#d2df3f"></div>
</div></body></html>`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(ogHtml);
await page.screenshot({ path: path.join(root, "public/og-image.png"), type: "png" });
await browser.close();
console.log("wrote public/og-image.png");
