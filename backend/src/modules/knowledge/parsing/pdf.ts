import { getDocumentProxy } from 'unpdf';
import type { ParsedDocument, ParsedSection, ParseProgress } from './parsing.types';
import { DocumentParseError } from './parsing.types';
import { paragraphs } from './text-formats';

export const NO_TEXT_LAYER = 'El PDF no contiene texto seleccionable';

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
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
    pdf = await getDocumentProxy(bytes.slice(), { useSystemFonts: false, verbosity: 0 });
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
    options.onProgress?.(0, total);
    for (let n = 1; n <= total; n++) {
      let text = '';
      try {
        const page = await pdf.getPage(n);
        const content = await page.getTextContent();
        for (const item of content.items as TextItemLike[]) {
          if (typeof item.str === 'string') text += item.str;
          if (item.hasEOL) text += '\n';
        }
        page.cleanup();
      } catch (error) {
        throw pdfError(error);
      }
      // pdf.js marks a line end per text run; a blank line (or a line ending a sentence followed by an
      // indented/capitalised one) is not recoverable reliably, so paragraphs are the text's blank lines.
      for (const p of paragraphs(text.replace(/\u0000/g, ''))) {
        sections.push({ page: n, heading: null, text: p });
        characters += p.replace(/\s+/g, '').length;
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
