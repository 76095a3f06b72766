import type { ParsedSection } from './parsing.types';
import { csvDelimiter } from './detect';

const normalize = (text: string) => text.replace(/\r\n?/g, '\n');

/** Paragraphs (blocks between blank lines), trimmed, empty ones dropped. */
export function paragraphs(text: string): string[] {
  return normalize(text)
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/[ \t]+\n/g, '\n').trim())
    .filter((p) => p !== '');
}

export function parsePlainText(text: string): ParsedSection[] {
  return paragraphs(text).map((p) => ({ page: null, heading: null, text: p }));
}

/** Markdown: sections under their nearest ATX (`## Título`) or setext heading; fenced code is kept as text. */
export function parseMarkdown(text: string): ParsedSection[] {
  const lines = normalize(text).replace(/^---\n[\s\S]*?\n---\n/, '').split('\n');
  const sections: ParsedSection[] = [];
  let heading: string | null = null;
  let body: string[] = [];
  let fence: string | null = null;
  const headings: string[] = [];
  const flush = () => {
    for (const p of paragraphs(body.join('\n'))) sections.push({ page: null, heading, text: p });
    body = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMatch = /^ {0,3}(```|~~~)/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1];
      else if (fenceMatch[1] === fence) fence = null;
      body.push(line);
      continue;
    }
    if (fence === null) {
      const atx = /^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/.exec(line);
      const next = lines[i + 1];
      if (atx) {
        flush();
        heading = atx[1].trim() || heading;
        if (heading) headings.push(heading);
        continue;
      }
      if (line.trim() !== '' && next !== undefined && /^ {0,3}(=+|-{2,})[ \t]*$/.test(next) && (body.length === 0 || body[body.length - 1].trim() === '')) {
        flush();
        heading = line.trim();
        headings.push(heading);
        i++;
        continue;
      }
    }
    body.push(line);
  }
  flush();
  return sections.length > 0 ? sections : headingsOnly(headings);
}

/** A document of headings alone (a title page, an outline) is not empty: its headings are its text. */
function headingsOnly(headings: string[]): ParsedSection[] {
  return headings.map((h) => ({ page: null, heading: h, text: h }));
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', aacute: 'á', eacute: 'é', iacute: 'í', oacute: 'ó',
  uacute: 'ú', Aacute: 'Á', Eacute: 'É', Iacute: 'Í', Oacute: 'Ó', Uacute: 'Ú', ntilde: 'ñ', Ntilde: 'Ñ', uuml: 'ü',
  Uuml: 'Ü', iexcl: '¡', iquest: '¿', ordf: 'ª', ordm: 'º', euro: '€', copy: '©', reg: '®', hellip: '…', mdash: '—',
  ndash: '–', laquo: '«', raquo: '»', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', middot: '·', deg: '°', sect: '§',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return NAMED_ENTITIES[code] ?? whole;
  });
}

const BLOCK_TAGS = new Set([
  'p', 'div', 'br', 'li', 'ul', 'ol', 'tr', 'table', 'section', 'article', 'header', 'footer', 'main', 'nav', 'aside',
  'blockquote', 'pre', 'hr', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'form', 'fieldset', 'address', 'caption',
  'thead', 'tbody', 'tfoot', 'body', 'html',
]);
const DROPPED = /<(script|style|noscript|template|svg|head|iframe|object)\b[\s\S]*?<\/\1\s*>/gi;

/**
 * HTML: visible text only (script, style, head and the like dropped, entities decoded), split into
 * paragraphs at block elements, under the nearest h1–h6. A small tokenizer rather than a DOM: we read
 * text, we never render, and it keeps one dependency fewer in the server.
 */
export function parseHtml(html: string): ParsedSection[] {
  const clean = normalize(html).replace(/<!--[\s\S]*?-->/g, '').replace(/<![a-z][^>]*>|<\?[\s\S]*?\?>/gi, '').replace(DROPPED, ' ').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, ' ');
  const sections: ParsedSection[] = [];
  let heading: string | null = null;
  let inHeading: string[] | null = null;
  const headings: string[] = [];
  let preDepth = 0;
  let cellDepth = 0;
  let rowStart = false;
  let text = '';
  const flush = () => {
    for (const p of paragraphs(text)) sections.push({ page: null, heading, text: p });
    text = '';
  };
  const tag = /<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi;
  let last = 0;
  const append = (raw: string) => {
    const decoded = decodeEntities(preDepth > 0 ? raw : raw.replace(/\s+/g, ' '));
    if (inHeading) inHeading.push(decoded);
    else text += decoded;
  };
  for (let m = tag.exec(clean); m; m = tag.exec(clean)) {
    append(clean.slice(last, m.index));
    last = tag.lastIndex;
    const name = m[1].toLowerCase();
    const closing = m[0][1] === '/';
    if (/^h[1-6]$/.test(name)) {
      if (!closing) {
        flush();
        inHeading = [];
      } else if (inHeading) {
        const h = inHeading.join('').replace(/\s+/g, ' ').trim();
        if (h) {
          heading = h;
          headings.push(h);
        }
        inHeading = null;
      }
    } else if (name === 'pre') {
      preDepth = Math.max(0, preDepth + (closing ? -1 : 1));
      text += '\n\n';
    } else if (name === 'table') {
      text += '\n\n';
      cellDepth = 0;
    } else if (name === 'tr') {
      // A table is one paragraph, a row a line, cells apart by ' | ' (a row's passage names its cells).
      if (!closing) {
        text += '\n';
        rowStart = true;
      }
    } else if (name === 'td' || name === 'th') {
      if (!closing) {
        if (!rowStart) text += ' | ';
        rowStart = false;
        cellDepth++;
      } else cellDepth = Math.max(0, cellDepth - 1);
    } else if (cellDepth > 0 && (BLOCK_TAGS.has(name) || name === 'li')) {
      text += ' ';
    } else if (name === 'li') {
      if (!closing && !inHeading) text += '\n- ';
    } else if (name === 'br' || name === 'dt' || name === 'dd') {
      if (inHeading) inHeading.push(' ');
      else text += '\n';
    } else if (BLOCK_TAGS.has(name)) {
      if (inHeading) inHeading.push(' ');
      else text += '\n\n';
    }
  }
  append(clean.slice(last));
  flush();
  // Lines of a paragraph that only had inline spacing left.
  const result = sections
    .map((s) => ({ ...s, text: s.text.split('\n').map((l) => l.replace(/[ \t]+/g, ' ').trim()).filter(Boolean).join('\n') }))
    .filter((s) => s.text !== '');
  return result.length > 0 ? result : headingsOnly(headings);
}

/** RFC 4180 rows: quoted fields may hold the delimiter, doubled quotes and line breaks. */
export function parseCsvRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = normalize(text);
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** How large a group of CSV rows grows before the next group starts (each group repeats the header). */
export const CSV_GROUP_CHARS = 900;

/**
 * CSV: the first row is the header; the rows are grouped into sections of about CSV_GROUP_CHARS, each
 * starting with the header again, so any passage says what its columns are. A row is written as
 * "columna: valor; …" so it reads on its own to a model and to full-text search.
 */
export function parseCsv(text: string): ParsedSection[] {
  const delimiter = csvDelimiter(text) ?? ',';
  const rows = parseCsvRows(text, delimiter);
  if (rows.length === 0) return [];
  const header = rows[0].map((h) => h.trim());
  const headerLine = header.join(' | ');
  const sections: ParsedSection[] = [];
  let group: string[] = [];
  let size = 0;
  const flush = () => {
    if (group.length > 0) sections.push({ page: null, heading: headerLine, text: `${headerLine}\n${group.join('\n')}` });
    group = [];
    size = 0;
  };
  if (rows.length === 1) return [{ page: null, heading: headerLine, text: headerLine }];
  for (const r of rows.slice(1)) {
    const line = r
      .map((value, i) => `${header[i] || `columna ${i + 1}`}: ${value.replace(/\s+/g, ' ').trim()}`)
      .join('; ');
    if (size > 0 && size + line.length > CSV_GROUP_CHARS) flush();
    group.push(line);
    size += line.length + 1;
  }
  flush();
  return sections;
}
