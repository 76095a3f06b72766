import {
  chunkDocument,
  detectKnowledgeType,
  DocumentParseError,
  MAX_PARALLEL_PARSES,
  parseAndChunkInWorker,
  parseDocumentInWorker,
} from '../../../src/modules/knowledge/parsing';
import { makeDocx, makeEncryptedPdf, makeImageOnlyPdf, makePdf, randomBytes } from './fixtures';

// PDFs are parsed through the worker thread: it is how the server parses them, and pdf.js's dynamic
// import() does not run inside jest's module sandbox (see worker.ts).

async function reason(input: Uint8Array, options = {}): Promise<string> {
  const error = await parseDocumentInWorker(input, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentParseError);
  return (error as DocumentParseError).reason;
}

const pageText = (n: number) =>
  `# Capitulo ${n}\nEn la pagina ${n} se explica la regla numero ${n * 7}.\nSegunda linea de la pagina ${n}.\n\nOtro parrafo de la pagina ${n}.`;

describe('PDF through the worker thread', () => {
  let sixty: Uint8Array;
  beforeAll(async () => {
    sixty = await makePdf(60, pageText);
  });

  it('reads each page as its own sections, reports progress page by page, and page 37 is cited as page 37', async () => {
    expect(detectKnowledgeType(sixty)).toBe('application/pdf');
    const progress: [number, number][] = [];
    const original = sixty.slice();
    const doc = await parseDocumentInWorker(sixty, { onProgress: (d, t) => progress.push([d, t]) });
    expect(sixty).toEqual(original); // the caller's bytes are copied, not detached
    expect(doc.mimeType).toBe('application/pdf');
    expect(doc.pages).toBe(60);
    expect(progress[0]).toEqual([0, 60]);
    expect(progress[progress.length - 1]).toEqual([60, 60]);
    expect(progress).toHaveLength(61);
    expect(new Set(doc.sections.map((s) => s.page))).toEqual(new Set(Array.from({ length: 60 }, (_, i) => i + 1)));
    const passages = chunkDocument(doc);
    const hit = passages.filter((p) => p.text.includes('la regla numero 259.'));
    expect(hit.map((p) => p.page)).toEqual([37]);
    expect(hit[0].text).toContain('Segunda linea de la pagina 37');
    // Its heading is the larger line above it; the gap before 'Otro parrafo' made another paragraph.
    expect(hit[0].heading).toBe('Capitulo 37');
    expect(doc.sections.filter((s) => s.page === 37)).toEqual([
      { page: 37, heading: 'Capitulo 37', text: 'En la pagina 37 se explica la regla numero 259.\nSegunda linea de la pagina 37.' },
      { page: 37, heading: 'Capitulo 37', text: 'Otro parrafo de la pagina 37.' },
    ]);
    // Every passage holds only its own page's text.
    for (const p of passages) expect(p.text).toMatch(new RegExp(`pagina ${p.page}\\b`));
  });

  it('takes a Buffer that is a view on a larger one, and leaves it as it was', async () => {
    const pdf = await makePdf(1, () => 'Hola');
    const backing = Buffer.alloc(pdf.length + 4000);
    backing.set(pdf, 4000);
    const view = backing.subarray(4000);
    const doc = await parseDocumentInWorker(view);
    expect(doc.sections.map((s) => s.text)).toEqual(['Hola']);
    expect(view.length).toBe(pdf.length);
    expect(view.equals(Buffer.from(pdf))).toBe(true);
  });

  it('keeps Spanish characters of a WinAnsi font, and joins words hyphenated at a line end', async () => {
    const doc = await parseDocumentInWorker(
      await makePdf(1, () => 'El año de la cigüeña: ¿cuánto? ¡Ñandú!\nEl arrendatario firma el contra-\nto de alquiler en Sevilla-\nEste.'),
    );
    expect(doc.sections.map((s) => s.text)).toEqual([
      'El año de la cigüeña: ¿cuánto? ¡Ñandú!\nEl arrendatario firma el contrato de alquiler en Sevilla-\nEste.',
    ]);
  });

  it('fails a PDF without a text layer with the issue words', async () => {
    expect(await reason(await makeImageOnlyPdf(3))).toBe('El PDF no contiene texto seleccionable');
  });

  it('fails an encrypted PDF, a truncated one and one with too many pages, each with its reason', async () => {
    expect(await reason(makeEncryptedPdf())).toBe('El PDF está protegido con contraseña: quítasela y vuelve a subirlo.');
    for (const length of [300, Math.floor(sixty.length / 2), sixty.length - 200]) {
      expect(await reason(sixty.slice(0, length))).toBe('El archivo PDF está dañado o incompleto: no se puede leer.');
    }
    expect(await reason(sixty, { maxPages: 50 })).toBe('El PDF tiene 60 páginas y el máximo es 50.');
  });

  it('parseAndChunkInWorker: the passages chunkDocument gives, chunk options applied, progress forwarded', async () => {
    const progress: number[] = [];
    const chunked = await parseAndChunkInWorker(sixty, { chunk: { targetChars: 100, overlapChars: 0 }, onProgress: (d) => progress.push(d) });
    const expected = chunkDocument(await parseDocumentInWorker(sixty), { targetChars: 100, overlapChars: 0 });
    expect(chunked).toEqual({ mimeType: 'application/pdf', pages: 60, passages: expected });
    expect(expected).toHaveLength(120); // two paragraphs a page no longer fit one passage
    expect(progress[progress.length - 1]).toBe(60);
    expect(await parseAndChunkInWorker(await makeImageOnlyPdf(1)).catch((e: DocumentParseError) => e.reason)).toBe(
      'El PDF no contiene texto seleccionable',
    );
  });

  it('gives other formats the same results and reasons as parseDocument', async () => {
    const docx = await parseDocumentInWorker(makeDocx([{ text: 'Título', style: 'Heading1' }, { text: 'Cuerpo.' }]));
    expect(docx.sections).toEqual([{ page: null, heading: 'Título', text: 'Cuerpo.' }]);
    expect(await reason(randomBytes(1000))).toMatch(/^Formato no admitido: /);
  });

  it('runs at most MAX_PARALLEL_PARSES parser threads at once; the others wait their turn and all finish', async () => {
    let active = 0;
    let most = 0;
    const parses = Array.from({ length: MAX_PARALLEL_PARSES + 2 }, () => {
      let started = false;
      return parseDocumentInWorker(sixty, {
        onProgress: () => {
          if (started) return;
          started = true;
          active++;
          most = Math.max(most, active);
        },
      }).finally(() => active--);
    });
    const docs = await Promise.all(parses);
    expect(docs.map((d) => d.pages)).toEqual(parses.map(() => 60));
    expect(most).toBe(MAX_PARALLEL_PARSES);
  });

  it('ends a parse that passes its time limit', async () => {
    const big = await makePdf(200, pageText);
    expect(await reason(big, { timeoutMs: 30 })).toBe('El documento ha tardado demasiado en procesarse y se ha cancelado.');
  });
});
