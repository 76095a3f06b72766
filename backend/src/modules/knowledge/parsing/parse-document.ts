import type { ParsedDocument, ParseProgress } from './parsing.types';
import { DocumentParseError } from './parsing.types';
import { decodeText, describeUnsupported, detectKnowledgeType, detectTextType } from './detect';
import { emptyDocument, unsupported } from './errors';
import { parseCsv, parseHtml, parseMarkdown, parsePlainText } from './text-formats';
import { parseDocx } from './docx';
import { parsePdf } from './pdf';

export interface ParseOptions {
  /** Called as pages are read ('Procesando 12 de 40 páginas'): PDF page by page, other formats 0 of 1 then 1 of 1. */
  onProgress?: ParseProgress;
  /** A PDF with more pages fails with a Spanish reason. */
  maxPages?: number;
}

/**
 * Bytes → text by structure. The format comes from the content; any failure is a DocumentParseError
 * whose reason is the Spanish 'Error: …' the builder sees. Runs on the calling thread: the server
 * uses parseDocumentInWorker.
 */
export async function parseDocument(bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedDocument> {
  if (bytes.length === 0) throw emptyDocument();
  const mimeType = detectKnowledgeType(bytes);
  if (mimeType === null) {
    const text = decodeText(bytes);
    if (text !== null && text.trim() === '') throw emptyDocument();
    throw unsupported(describeUnsupported(bytes));
  }
  let doc: ParsedDocument;
  if (mimeType === 'application/pdf') doc = await parsePdf(bytes, options);
  else {
    options.onProgress?.(0, 1);
    if (mimeType === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') doc = await parseDocx(bytes);
    else {
      const text = decodeText(bytes) ?? '';
      const type = detectTextType(text);
      const sections =
        type === 'text/html' ? parseHtml(text) : type === 'text/markdown' ? parseMarkdown(text) : type === 'text/csv' ? parseCsv(text) : parsePlainText(text);
      doc = { mimeType: type, pages: 1, sections };
    }
    options.onProgress?.(1, 1);
  }
  if (!doc.sections.some((s) => s.text.trim() !== '')) throw emptyDocument();
  return doc;
}

export { DocumentParseError };
