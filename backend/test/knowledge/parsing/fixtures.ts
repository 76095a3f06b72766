// Documents made in the specs: multi-page PDFs with known text per page, DOCX files, broken ones.
import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF whose page n reads `text(n)`: lines split at '\n', a blank line is a gap, '# ' starts a heading (set larger). */
export async function makePdf(pages: number, text: (page: number) => string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    let y = 800;
    for (const line of text(n).split('\n')) {
      const heading = line.startsWith('# ');
      if (line) page.drawText(heading ? line.slice(2) : line, { x: 40, y, size: heading ? 16 : 10, font });
      y -= heading ? 22 : 14;
    }
  }
  return doc.save();
}

/** A PDF with pages but no text layer (a scan: only shapes). */
export async function makeImageOnlyPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let n = 0; n < pages; n++) doc.addPage([595, 842]).drawRectangle({ x: 40, y: 40, width: 500, height: 700, borderWidth: 2 });
  return doc.save();
}

/**
 * A PDF with a standard security handler whose user password is not empty: readers must ask for
 * it. (pdf-lib cannot encrypt; a /Encrypt dictionary whose /U does not match the empty password is
 * what such a file looks like to a reader that has no password.)
 */
export function makeEncryptedPdf(): Uint8Array {
  const hex = (n: number) => 'A1B2C3D4'.repeat(n / 4);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    '<< /Length 44 >>\nstream\nBT /F1 12 Tf 40 800 Td (Secreto) Tj ET     \nendstream',
    `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -1028 /O <${hex(32)}> /U <${hex(32)}> >>`,
  ];
  let body = '%PDF-1.6\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<${hex(16)}> <${hex(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

export interface ZipFile {
  name: string;
  data: Uint8Array | string;
  /** Deflate it (default: stored). */
  deflate?: boolean;
  /** Write this as the uncompressed size in the headers instead of the real one (a lying bomb). */
  declaredSize?: number;
  /** Write this compression method whatever the data is (a broken entry). */
  method?: number;
}

/** A minimal zip writer (local headers, central directory, end record). */
export function makeZip(files: ZipFile[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const raw = Buffer.from(typeof f.data === 'string' ? Buffer.from(f.data, 'utf8') : f.data);
    const body = f.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(f.name, 'utf8');
    const size = f.declaredSize ?? raw.length;
    const method = f.method ?? (f.deflate ? 8 : 0);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(entry, name);
    offset += local.length + name.length + body.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, dir, end]));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A DOCX of paragraphs; `style` 'Heading1'..'Heading3', 'Title' or 'Ttulo2' (named 'Título 2') makes a Word heading. */
export function docxFiles(paragraphs: { text: string; style?: string }[]): ZipFile[] {
  const body = paragraphs
    .map((p) => `<w:p>${p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${esc(p.text)}</w:t></w:r></w:p>`)
    .join('');
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const styles =
    [1, 2, 3].map((n) => `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`).join('') +
    '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>' +
    '<w:style w:type="paragraph" w:styleId="Ttulo2"><w:name w:val="Título 2"/></w:style>';
  return [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    },
    { name: 'word/styles.xml', data: `<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}>${styles}</w:styles>`, deflate: true },
    { name: 'word/document.xml', data: `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`, deflate: true },
  ];
}

export const makeDocx = (paragraphs: { text: string; style?: string }[]) => makeZip(docxFiles(paragraphs));

/** Pseudo-random bytes (seeded, so a failure reproduces). */
export function randomBytes(length: number, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >> 16;
  }
  return out;
}
