import { chunkDocument, detectKnowledgeType, DocumentParseError, parseDocument } from '../../../src/modules/knowledge/parsing';
import type { ParsedDocument } from '../../../src/modules/knowledge/parsing';
import { makeDocx, makeZip, randomBytes } from './fixtures';

const bytes = (text: string) => new TextEncoder().encode(text);

async function parseError(input: Uint8Array): Promise<string> {
  const error = await parseDocument(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentParseError);
  return (error as DocumentParseError).reason;
}

describe('detectKnowledgeType: by content, not by name', () => {
  it.each([
    ['%PDF-1.7\n1 0 obj', 'application/pdf'],
    ['<!DOCTYPE html><html><body><p>Hola</p></body></html>', 'text/html'],
    ['<div><p>Hola</p><p>Adiós</p></div>', 'text/html'],
    ['# Guía\n\nTexto de la guía.', 'text/markdown'],
    ['<p align="center"><img src="logo.png"></p>\n<p>Un proyecto</p>\n\n## Instalación\n\nnpm i', 'text/markdown'],
    ['nombre,ciudad,edad\nAna,Madrid,30\nLuis,Sevilla,41\n', 'text/csv'],
    ['producto;precio\nmesa;120,50\nsilla;45\n', 'text/csv'],
    ['Un texto normal, con comas, y puntos.\nOtra línea más larga, sin columnas.\n', 'text/plain'],
  ])('%j is %s', (text, type) => {
    expect(detectKnowledgeType(bytes(text))).toBe(type);
  });

  it('knows a DOCX from its zip entries and refuses other zips, images and random bytes', () => {
    expect(detectKnowledgeType(makeDocx([{ text: 'Hola' }]))).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(detectKnowledgeType(makeZip([{ name: 'foto.txt', data: 'hola' }]))).toBeNull();
    expect(detectKnowledgeType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBeNull();
    expect(detectKnowledgeType(randomBytes(4096))).toBeNull();
  });

  it('reads UTF-16 text with its byte order mark', async () => {
    const utf16 = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Título\n\nCañón.', 'utf16le')]));
    expect(detectKnowledgeType(utf16)).toBe('text/markdown');
    expect((await parseDocument(utf16)).sections).toEqual([{ page: null, heading: 'Título', text: 'Cañón.' }]);
  });

  it('reads a Latin-1 (Windows) text file as text', () => {
    expect(detectKnowledgeType(new Uint8Array(Buffer.from('La cigüeña y el año nuevo.\n', 'latin1')))).toBe('text/plain');
  });
});

describe('parseDocument: text formats', () => {
  it('Markdown: sections under their headings, code fences are not headings', async () => {
    const doc = await parseDocument(
      bytes('# Contrato de alquiler\n\nIntroducción.\n\n## Fianza\n\nUna mensualidad.\n\n```\n# no es un título\n```\n\nDevolución\n----------\n\nEn un mes.\n'),
    );
    expect(doc.mimeType).toBe('text/markdown');
    expect(doc.pages).toBe(1);
    expect(doc.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Contrato de alquiler', 'Introducción.'],
      ['Fianza', 'Una mensualidad.'],
      ['Fianza', '```\n# no es un título\n```'],
      ['Devolución', 'En un mes.'],
    ]);
  });

  it('HTML: visible text under h1–h6, script, style and head dropped, entities decoded', async () => {
    const doc = await parseDocument(
      bytes(
        '<!doctype html><html><head><title>T</title><style>p{color:red}</style></head><body>' +
          '<script>alert("no")</script><h1>Ley de Arrendamientos</h1><p>Art&iacute;culo&nbsp;1 &amp; 2.</p>' +
          '<h2>Fianza <small>(art. 36)</small></h2><ul><li>Una</li><li>Dos</li></ul><!-- oculto --></body></html>',
      ),
    );
    expect(doc.mimeType).toBe('text/html');
    expect(doc.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Ley de Arrendamientos', 'Artículo 1 & 2.'],
      ['Fianza (art. 36)', '- Una\n- Dos'],
    ]);
    expect(JSON.stringify(doc)).not.toMatch(/alert|color:red|oculto/);
  });

  it('HTML tables: one paragraph, a row a line, cells apart, paragraphs inside a cell kept in it', async () => {
    const doc = await parseDocument(
      bytes(
        '<h2>Precios</h2><table><tr><th><p>Producto</p></th><th><p>Precio</p></th></tr>' +
          '<tr><td><p>Mesa</p></td><td><p>120 €</p><p>IVA incl.</p></td></tr></table><p>Fin.</p>',
      ),
    );
    expect(doc.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Precios', 'Producto | Precio\nMesa | 120 € IVA incl.'],
      ['Precios', 'Fin.'],
    ]);
  });

  it('CSV: groups of rows, each with its header, each row saying its columns', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `${i + 1},"Cliente ${i + 1}, S.L.",${(i + 1) * 10}`);
    const doc = await parseDocument(bytes(`factura,cliente,importe\n${rows.join('\n')}\n`));
    expect(doc.mimeType).toBe('text/csv');
    expect(doc.sections.length).toBeGreaterThan(1);
    for (const s of doc.sections) expect(s.text.startsWith('factura | cliente | importe\n')).toBe(true);
    const passages = chunkDocument(doc);
    const row37 = passages.filter((p) => p.text.includes('factura: 37;'));
    expect(row37).toHaveLength(1);
    expect(row37[0].text).toContain('factura: 37; cliente: Cliente 37, S.L.; importe: 370');
    expect(row37[0].text.startsWith('factura | cliente | importe')).toBe(true);
  });

  it('a document of headings alone is not empty: its headings are its text', async () => {
    expect((await parseDocument(bytes('# Título\n\n## Índice\n'))).sections).toEqual([
      { page: null, heading: 'Título', text: 'Título' },
      { page: null, heading: 'Índice', text: 'Índice' },
    ]);
    expect((await parseDocument(bytes('<html><body><h1>Portada</h1></body></html>'))).sections).toEqual([
      { page: null, heading: 'Portada', text: 'Portada' },
    ]);
  });

  it('TXT: paragraphs, no headings', async () => {
    const doc = await parseDocument(bytes('Primer párrafo.\r\n\r\nSegundo párrafo,\r\nen dos líneas.\r\n'));
    expect(doc).toEqual({
      mimeType: 'text/plain',
      pages: 1,
      sections: [
        { page: null, heading: null, text: 'Primer párrafo.' },
        { page: null, heading: null, text: 'Segundo párrafo,\nen dos líneas.' },
      ],
    });
  });

  it('reports progress for a format without pages as 0 then 1 of 1', async () => {
    const progress: [number, number][] = [];
    await parseDocument(bytes('Hola.'), { onProgress: (d, t) => progress.push([d, t]) });
    expect(progress).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('fails in Spanish: unsupported format (with the accepted list), empty document', async () => {
    expect(await parseError(randomBytes(2048))).toBe(
      'Formato no admitido: el contenido no es ningún formato que sepamos leer. Se aceptan PDF, DOCX, TXT, Markdown, HTML y CSV.',
    );
    expect(await parseError(makeZip([{ name: 'a.txt', data: 'hola' }]))).toMatch(/^Formato no admitido: es un archivo ZIP que no es un documento de Word \(DOCX\)\. Se aceptan PDF, DOCX/);
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await parseError(ole)).toBe(
      'Formato no admitido: es un documento de Office antiguo (.doc, .xls) o protegido con contraseña; guárdalo como DOCX sin contraseña o como PDF. Se aceptan PDF, DOCX, TXT, Markdown, HTML y CSV.',
    );
    expect(await parseError(new Uint8Array(0))).toBe('El documento está vacío: no tiene texto que leer.');
    expect(await parseError(bytes('  \n\n \t\n'))).toBe('El documento está vacío: no tiene texto que leer.');
    expect(await parseError(bytes('<html><body><script>x()</script></body></html>'))).toBe('El documento está vacío: no tiene texto que leer.');
  });
});

describe('chunkDocument', () => {
  const sentence = (n: number) => `Frase número ${n} del documento con algo de texto para llenar.`;
  const prose = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

  it('packs paragraphs up to the target, with overlap between neighbours, keeping every sentence', () => {
    const doc: ParsedDocument = {
      mimeType: 'text/plain',
      pages: 1,
      sections: Array.from({ length: 20 }, (_, i) => ({ page: null, heading: null, text: prose(i * 5, 5) })),
    };
    const passages = chunkDocument(doc, { targetChars: 1000, overlapChars: 150 });
    expect(passages.length).toBeGreaterThan(5);
    expect(passages.map((p) => p.ordinal)).toEqual(passages.map((_, i) => i));
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(1000 + 150 + 2);
    for (let n = 0; n < 100; n++) expect(passages.some((p) => p.text.includes(sentence(n)))).toBe(true);
    for (let i = 1; i < passages.length; i++) {
      // The next passage starts with the end of the previous one.
      const start = passages[i].text.split('\n\n')[0];
      expect(start.length).toBeGreaterThan(20);
      expect(start.length).toBeLessThanOrEqual(150);
      expect(passages[i - 1].text.endsWith(start)).toBe(true);
    }
  });

  it('never joins two pages or two headings, and never overlaps across them', () => {
    const doc: ParsedDocument = {
      mimeType: 'application/pdf',
      pages: 3,
      sections: [
        { page: 1, heading: null, text: 'Página uno.' },
        { page: 2, heading: null, text: 'Página dos.' },
        { page: 2, heading: 'Anexo', text: 'Anexo en la dos.' },
        { page: 3, heading: 'Anexo', text: prose(0, 40) },
      ],
    };
    const passages = chunkDocument(doc);
    expect(passages.slice(0, 3).map((p) => [p.page, p.heading, p.text])).toEqual([
      [1, null, 'Página uno.'],
      [2, null, 'Página dos.'],
      [2, 'Anexo', 'Anexo\n\nAnexo en la dos.'],
    ]);
    // Page 3 carries on under 'Anexo': its passages do not repeat the heading's line.
    expect(passages.slice(3).every((p) => p.page === 3 && !p.text.includes('dos.') && !p.text.startsWith('Anexo'))).toBe(true);
    expect(passages.length).toBeGreaterThan(4);
  });

  it("starts the first passage under a heading with the heading's line (an FAQ's question is found with its answer)", () => {
    const doc: ParsedDocument = {
      mimeType: 'text/markdown',
      pages: 1,
      sections: [
        { page: null, heading: '¿Cuánto es la fianza?', text: 'Una mensualidad.' },
        { page: null, heading: '¿Quién paga el IBI?', text: 'El propietario.' },
        { page: null, heading: 'Solo título', text: 'Solo título' },
      ],
    };
    expect(chunkDocument(doc).map((p) => p.text)).toEqual([
      '¿Cuánto es la fianza?\n\nUna mensualidad.',
      '¿Quién paga el IBI?\n\nEl propietario.',
      'Solo título',
    ]);
  });

  it('without overlap, the passages hold every character of the text, in order (random texts)', () => {
    const alphabet = ['a', 'b', 'ñ', ' ', ' ', '.', '...', '?!', '¿', '\n', '\n\n', '»', 'palabra', 'x'.repeat(300)];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % alphabet.length;
    for (let round = 0; round < 30; round++) {
      const text = Array.from({ length: 800 }, () => alphabet[next()]).join('');
      const doc: ParsedDocument = { mimeType: 'text/plain', pages: 1, sections: [{ page: null, heading: null, text }] };
      const passages = chunkDocument(doc, { targetChars: 120, overlapChars: 0 });
      const squash = (t: string) => t.replace(/\s+/g, '');
      expect(squash(passages.map((p) => p.text).join(''))).toBe(squash(text));
      for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(122);
    }
  });

  it('cuts a paragraph with no sentence ends at spaces, and a word longer than a passage anyway', () => {
    const words = Array.from({ length: 600 }, (_, i) => `palabra${i}`).join(' ');
    const doc: ParsedDocument = { mimeType: 'text/plain', pages: 1, sections: [{ page: null, heading: null, text: words }, { page: null, heading: null, text: 'x'.repeat(2500) }] };
    const passages = chunkDocument(doc, { targetChars: 500, overlapChars: 50 });
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(552);
    expect(passages.some((p) => /\bpalabra599\b/.test(p.text))).toBe(true);
    expect(passages.filter((p) => p.text.includes('palabra300 ')).length).toBeGreaterThanOrEqual(1);
  });
});
