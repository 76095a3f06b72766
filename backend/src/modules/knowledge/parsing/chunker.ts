import type { ParsedDocument, ParsedSection, Passage } from './parsing.types';

export const DEFAULT_TARGET_CHARS = 1000;
export const DEFAULT_OVERLAP_CHARS = 150;

export interface ChunkOptions {
  /** About how long a passage is; a passage passes it only by the overlap it starts with. */
  targetChars?: number;
  /** How much of the previous passage's end (same page, same heading) the next one repeats. */
  overlapChars?: number;
}

interface Block {
  page: number | null;
  heading: string | null;
  units: string[];
  /** CSV row groups: kept whole, no overlap (each already repeats its header). */
  atomic: boolean;
}

/** Sentence-ish pieces of a paragraph too long for one passage; words cut hard only as a last resort. */
function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  // Every character lands in one piece (a run of '...' or a blank line included): nothing is dropped.
  const sentences = (text.match(/[^.!?…\n]*(?:[.!?…]+["»”)\]]*|\n|$)\s*/g) ?? [text]).filter(Boolean);
  const out: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (s.length > max) {
      if (current.trim()) out.push(current.trim());
      current = '';
      // A "sentence" longer than a passage: cut at spaces, or anywhere if it has none.
      let rest = s;
      while (rest.length > max) {
        let cut = rest.lastIndexOf(' ', max);
        if (cut < max / 2) cut = max;
        out.push(rest.slice(0, cut).trim());
        rest = rest.slice(cut);
      }
      current = rest;
    } else if (current.length + s.length > max) {
      if (current.trim()) out.push(current.trim());
      current = s;
    } else current += s;
  }
  if (current.trim()) out.push(current.trim());
  return out.filter(Boolean);
}

/** The end of a passage to repeat at the start of the next: from a sentence or word start, about `chars` long. */
function tail(text: string, chars: number): string {
  if (chars <= 0 || text.length <= chars) return chars <= 0 ? '' : text;
  const from = text.length - chars;
  const window = text.slice(from);
  // Prefer starting at a sentence inside the window (not too short), else at a word.
  const sentence = window.search(/[.!?…]\s+\S/);
  if (sentence >= 0 && window.length - sentence > chars / 3) return window.slice(sentence).replace(/^[.!?…]+\s+/, '');
  const space = window.indexOf(' ');
  return space >= 0 ? window.slice(space + 1) : window;
}

function blocksOf(sections: ParsedSection[], atomic: boolean): Block[] {
  const blocks: Block[] = [];
  let previousHeading: string | null = null;
  for (const s of sections) {
    const text = s.text.trim();
    if (!text) continue;
    const last = blocks[blocks.length - 1];
    if (!atomic && last && last.page === s.page && last.heading === s.heading) last.units.push(text);
    else {
      // The text right under a heading starts with it, as in the document: a question in an FAQ's
      // heading is then searched and quoted with its answer. Not where a heading only carries on
      // (the next page under the same heading) nor for CSV, whose groups already start with the header.
      const opens = !atomic && s.heading !== null && s.heading !== previousHeading && s.heading !== text;
      blocks.push({ page: s.page, heading: s.heading, units: opens ? [s.heading as string, text] : [text], atomic });
    }
    previousHeading = s.heading;
  }
  return blocks;
}

/**
 * Passages by the document's structure: a passage never spans two pages (it cites one) nor two
 * headings (the first passage under a heading starts with the heading's line); within a page and heading, paragraphs are packed up to about `targetChars`, long ones
 * split at sentences, and each passage after the first repeats the last ~`overlapChars` of the one
 * before, so a fact cut at a boundary is still found whole in one of them.
 */
export function chunkDocument(doc: ParsedDocument, options: ChunkOptions = {}): Passage[] {
  const target = Math.max(100, options.targetChars ?? DEFAULT_TARGET_CHARS);
  const overlap = Math.min(Math.max(0, options.overlapChars ?? DEFAULT_OVERLAP_CHARS), Math.floor(target / 2));
  const passages: Passage[] = [];
  const push = (block: Block, text: string) =>
    passages.push({ ordinal: passages.length, page: block.page, heading: block.heading, text });

  for (const block of blocksOf(doc.sections, doc.mimeType === 'text/csv')) {
    if (block.atomic) {
      // A CSV group is about a passage already; one far larger (a huge row) is split like prose.
      for (const unit of block.units) for (const piece of splitLong(unit, target * 2)) push(block, piece);
      continue;
    }
    const pieces = block.units.flatMap((u) => splitLong(u, target));
    let current = '';
    for (const piece of pieces) {
      if (current && current.length + 2 + piece.length > target + overlap) {
        push(block, current);
        const carried = tail(current, overlap);
        current = carried ? `${carried}\n\n${piece}` : piece;
      } else current = current ? `${current}\n\n${piece}` : piece;
    }
    if (current) push(block, current);
  }
  return passages;
}
