import { getDocumentProxy } from 'unpdf';
import type { ParsedDocument, ParsedSection, ParseProgress } from './parsing.types';
import { DocumentParseError } from './parsing.types';

export const NO_TEXT_LAYER = 'El PDF no contiene texto seleccionable';

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
  /** [a, b, c, d, x, y]: d is about the font's size, y the baseline (growing upwards). */
  transform?: number[];
  height?: number;
}

interface Line {
  text: string;
  y: number;
  size: number;
}

/** A page's lines as pdf.js's text runs give them (a run ending a line carries hasEOL). */
function pageLines(items: TextItemLike[]): Line[] {
  const lines: Line[] = [];
  let current: Line = { text: '', y: Number.NaN, size: 0 };
  const end = () => {
    const text = current.text.replace(/\u0000/g, '').replace(/[ \t]+/g, ' ').trim();
    if (text) lines.push({ ...current, text });
    current = { text: '', y: Number.NaN, size: 0 };
  };
  for (const item of items) {
    if (item.str) {
      if (Number.isNaN(current.y)) current.y = item.transform?.[5] ?? 0;
      current.text += item.str;
      current.size = Math.max(current.size, Math.abs(item.transform?.[3] ?? 0) || item.height || 0);
    }
    if (item.hasEOL) end();
  }
  end();
  return lines;
}

/** The size most of the page's characters are set in (its body text). */
function bodySize(lines: Line[]): number {
  const bySize = new Map<number, number>();
  for (const l of lines) bySize.set(Math.round(l.size * 2) / 2, (bySize.get(Math.round(l.size * 2) / 2) ?? 0) + l.text.length);
  let best = 0;
  let most = -1;
  for (const [size, chars] of bySize) if (chars > most) [best, most] = [size, chars];
  return best;
}

/**
 * A page's paragraphs and headings from the layout, since a PDF has no markup: a line set clearly
 * larger than the body text (and short) is a heading; a vertical gap well over a line's height, or a
 * jump back up (a new column), starts a paragraph.
 */
export function pageBlocks(items: TextItemLike[]): { heading: boolean; text: string }[] {
  const lines = pageLines(items);
  const body = bodySize(lines);
  const blocks: { heading: boolean; text: string }[] = [];
  let previous: Line | null = null;
  for (const line of lines) {
    const isHeading = body > 0 && line.size >= body * 1.25 && line.text.length <= 150 && /\p{L}/u.test(line.text);
    const last = blocks[blocks.length - 1];
    const height = Math.max(line.size, previous?.size ?? 0);
    const gap = previous ? previous.y - line.y : 0;
    const sameBlock = last && previous && last.heading === isHeading && (height === 0 || (gap <= height * 1.6 && gap >= -height));
    // A word hyphenated at a line's end is joined again ('contra-' + 'to' → 'contrato'), or search would miss it.
    if (sameBlock && !isHeading && /\p{Ll}-$/u.test(last.text) && /^\p{Ll}/u.test(line.text)) last.text = last.text.slice(0, -1) + line.text;
    else if (sameBlock) last.text += isHeading ? ` ${line.text}` : `\n${line.text}`;
    else blocks.push({ heading: isHeading, text: line.text });
    previous = line;
  }
  return blocks;
}

/**
 * A PDF's text layer, page by page (unpdf: pdf.js's serverless build, no canvas, no native code).
 * unpdf loads pdf.js with a dynamic import(), which plain Node (dist/, the worker thread) runs but
 * jest's module sandbox does not: under jest a PDF is parsed through parseDocumentInWorker.
 */
export async function parsePdf(bytes: Uint8Array, options: { onProgress?: ParseProgress; maxPages?: number } = {}): Promise<ParsedDocument> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it gets: give it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { useSystemFonts: false, verbosity: 0 });
  } catch (error) {
    throw pdfError(error);
  }
  try {
    const total = pdf.numPages;
    if (options.maxPages !== undefined && total > options.maxPages) {
      throw new DocumentParseError(`El PDF tiene ${total} páginas y el máximo es ${options.maxPages}.`);
    }
    const sections: ParsedSection[] = [];
    let characters = 0;
    let heading: string | null = null;
    options.onProgress?.(0, total);
    for (let n = 1; n <= total; n++) {
      let items: TextItemLike[];
      try {
        const page = await pdf.getPage(n);
        items = (await page.getTextContent()).items as TextItemLike[];
        page.cleanup();
      } catch (error) {
        throw pdfError(error);
      }
      for (const block of pageBlocks(items)) {
        characters += block.text.replace(/\s+/g, '').length;
        if (block.heading) heading = block.text.replace(/\s+/g, ' ');
        else sections.push({ page: n, heading, text: block.text });
      }
      options.onProgress?.(n, total);
    }
    if (characters === 0) throw new DocumentParseError(NO_TEXT_LAYER);
    return { mimeType: 'application/pdf', pages: total, sections };
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

function pdfError(error: unknown): DocumentParseError {
  if (error instanceof DocumentParseError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return new DocumentParseError('El PDF está protegido con contraseña: quítasela y vuelve a subirlo.');
  return new DocumentParseError('El archivo PDF está dañado o incompleto: no se puede leer.');
}
