import type { KnowledgeMimeType } from './parsing.types';
import { listZipEntries } from './zip';

const PDF_MAGIC = '%PDF-';

/** Bytes → text when the content is text (UTF-8, or UTF-16 with its BOM); null when it looks binary. */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Not UTF-8: a Windows-1252 / Latin-1 text file (common for Spanish exports) still reads as text
    // when it has no control bytes; anything else is binary.
    text = new TextDecoder('latin1').decode(bytes);
  }
  // Binary content: NUL bytes or many control characters other than tab, newline, carriage return, form feed.
  let control = 0;
  const sample = text.length > 65536 ? text.slice(0, 65536) : text;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return null;
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || (c >= 0x7f && c < 0xa0)) control++;
  }
  if (control > Math.max(2, sample.length / 100)) return null;
  return text.replace(/^\uFEFF/, '');
}

function startsWithAscii(bytes: Uint8Array, magic: string, within = 0): boolean {
  const limit = Math.min(within, Math.max(0, bytes.length - magic.length));
  for (let at = 0; at <= limit; at++) {
    let ok = true;
    for (let i = 0; i < magic.length && ok; i++) ok = bytes[at + i] === magic.charCodeAt(i);
    if (ok) return true;
  }
  return false;
}

export function isPdf(bytes: Uint8Array): boolean {
  // The header may follow some junk bytes; readers accept it within the first kilobyte.
  return startsWithAscii(bytes, PDF_MAGIC, 1024);
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export function isDocx(bytes: Uint8Array): boolean {
  if (!isZip(bytes)) return false;
  try {
    return listZipEntries(bytes).some((e) => e.name === 'word/document.xml');
  } catch {
    return false;
  }
}

const HTML_START = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;
const HTML_TAGS = /<\/(p|div|h[1-6]|table|ul|ol|li|span|a|section|article|body|html|td|tr)>/gi;

/** A whole HTML page (doctype, html, head or body first). */
export function isHtmlPage(text: string): boolean {
  return HTML_START.test(text);
}

/** A page, or a fragment that opens with a tag and closes common elements. */
export function looksLikeHtml(text: string): boolean {
  if (isHtmlPage(text)) return true;
  const head = text.slice(0, 4096);
  return /^\s*</.test(head) && (head.match(HTML_TAGS)?.length ?? 0) >= 2;
}

const MD_HEADING = /^ {0,3}#{1,6}[ \t]+\S/m;
const MD_MARKERS = [
  /^ {0,3}(```|~~~)/m, // code fence
  /\[[^\]\n]+\]\([^)\s]+\)/, // link
  /^ {0,3}[-*+][ \t]+\S/m, // bullet list
  /\*\*[^*\n]+\*\*/, // bold
  /^ {0,3}>[ \t]?\S/m, // quote
  /^\S.*\n(=+|-+)[ \t]*$/m, // setext heading
];

export function looksLikeMarkdown(text: string): boolean {
  if (MD_HEADING.test(text)) return true;
  return MD_MARKERS.filter((m) => m.test(text)).length >= 2;
}

/** The delimiter of CSV-like text (comma, semicolon or tab), or null when the lines do not share a column count. */
export function csvDelimiter(text: string): string | null {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 50);
  if (lines.length < 2) return null;
  let best: string | null = null;
  let bestColumns = 0;
  for (const delimiter of [',', ';', '\t']) {
    const counts = lines.map((l) => countOutsideQuotes(l, delimiter));
    const first = counts[0];
    if (first < 1) continue;
    const same = counts.filter((c) => c === first).length;
    // Every line (a quoted field may span lines, so allow a few to differ) has the header's column count.
    if (same / counts.length >= 0.9 && first + 1 > bestColumns) {
      best = delimiter;
      bestColumns = first + 1;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) n++;
  }
  return n;
}

/** Which format the bytes are, by their content (never by the file's name); null when it is none we read. */
export function detectKnowledgeType(bytes: Uint8Array): KnowledgeMimeType | null {
  if (bytes.length === 0) return null;
  if (isPdf(bytes)) return 'application/pdf';
  if (isZip(bytes)) return isDocx(bytes) ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' : null;
  const text = decodeText(bytes);
  if (text === null) return null;
  return detectTextType(text);
}

export function detectTextType(text: string): KnowledgeMimeType {
  if (isHtmlPage(text)) return 'text/html';
  // Before the fragment test: a README often opens with a centred logo in HTML, then is Markdown.
  if (MD_HEADING.test(text)) return 'text/markdown';
  if (looksLikeHtml(text)) return 'text/html';
  if (csvDelimiter(text)) return 'text/csv';
  if (looksLikeMarkdown(text)) return 'text/markdown';
  return 'text/plain';
}

/** In words, what a file we do not read seems to be, for 'Formato no admitido: …'. */
export function describeUnsupported(bytes: Uint8Array): string {
  const b = bytes;
  if (isZip(b)) return 'es un archivo ZIP que no es un documento de Word (DOCX)';
  if (b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0) {
    // The OLE container of Word 97-2003 files, and of any Office file saved with a password.
    return 'es un documento de Office antiguo (.doc, .xls) o protegido con contraseña; guárdalo como DOCX sin contraseña o como PDF';
  }
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'es una imagen PNG';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'es una imagen JPEG';
  if (startsWithAscii(b, 'GIF8')) return 'es una imagen GIF';
  if (startsWithAscii(b, '{\\rtf')) return 'es un documento RTF; guárdalo como DOCX o PDF';
  return 'el contenido no es ningún formato que sepamos leer';
}
