// Tabroom reads its import files with Text::CSV and binary off: a byte of 128 or more makes the whole line fail,
// and a failed line is skipped without a word. So every name and school goes into a Tabroom file as ASCII.

/** Letters that Unicode's compatibility decomposition leaves alone, and the punctuation a keyboard types curly. */
const SPECIAL: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ł: "l",
  Ł: "L",
  ı: "i",
  ħ: "h",
  Ħ: "H",
  ŋ: "ng",
  Ŋ: "Ng",
  ĸ: "k",
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u02BC": "'",
  "\u00B4": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u2033": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
};

/** What folding gives: the ASCII text (and whether it differs), or the first character that has no ASCII form. */
export type Folded = { ok: true; value: string; folded: boolean } | { ok: false; character: string };

/**
 * A name or school in printable ASCII (0x20-0x7E), as a Tabroom file must carry it: accents dropped
 * ("José Núñez-Ibáñez" -> "Jose Nunez-Ibanez"), compatibility forms made plain (full-width letters, ligatures, a
 * non-breaking space), curly quotes and dashes made straight, a few letters spelled out (ß -> ss, Ø -> O).
 * A character with no ASCII form (a letter of another script, an emoji, a tab or line break) is refused and
 * named, never dropped: the caller says so to whoever typed it.
 */
export function foldToAscii(text: string): Folded {
  let value = "";
  for (const character of text.normalize("NFKD").replace(/\p{M}/gu, "")) {
    const mapped = SPECIAL[character] ?? character;
    for (const unit of mapped) {
      const code = unit.charCodeAt(0);
      if (unit.length !== 1 || code < 0x20 || code > 0x7e) return { ok: false, character };
    }
    value += mapped;
  }
  return { ok: true, value, folded: value !== text };
}

/** Printable ASCII only (what foldToAscii gives). */
export function isTabroomAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}
