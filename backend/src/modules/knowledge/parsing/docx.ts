import mammoth from 'mammoth';
import type { ParsedDocument } from './parsing.types';
import { DocumentParseError } from './parsing.types';
import { parseHtml } from './text-formats';
import { assertSafeZip } from './zip';

/**
 * Added to mammoth's own map (which knows 'Heading 1'..'Heading 6'): the document's title, and the
 * Spanish names a style gets when a document was made from a translated template.
 */
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Título'] => h1:fresh",
  ...[1, 2, 3, 4, 5, 6].map((n) => `p[style-name='Título ${n}'] => h${n}:fresh`),
];

/**
 * DOCX through mammoth (Word's heading styles become h1–h6, which give the sections their headings),
 * after assertSafeZip has inflated every entry under a hard cap: a zip bomb never reaches mammoth.
 * Images are not read.
 */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  assertSafeZip(bytes);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
        ignoreEmptyParagraphs: true,
        styleMap: STYLE_MAP,
      },
    );
    html = result.value;
  } catch {
    throw new DocumentParseError('El archivo DOCX está dañado o incompleto: no se puede leer.');
  }
  return { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', pages: 1, sections: parseHtml(html) };
}
