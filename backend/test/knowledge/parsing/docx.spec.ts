import { chunkDocument, DocumentParseError, parseDocument } from '../../../src/modules/knowledge/parsing';
import { docxFiles, makeDocx, makeZip } from './fixtures';

async function reason(input: Uint8Array): Promise<string> {
  const error = await parseDocument(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentParseError);
  return (error as DocumentParseError).reason;
}

const BOMB = 'El archivo DOCX ocupa demasiado al descomprimirlo (parece una bomba zip); no se ha procesado.';

describe('parseDocument: DOCX', () => {
  it('reads paragraphs under the headings Word styles give them', async () => {
    const doc = await parseDocument(
      makeDocx([
        { text: 'Contrato de arrendamiento', style: 'Heading1' },
        { text: 'Entre las partes, a 1 de enero.' },
        { text: 'Cláusula 3: Fianza', style: 'Heading2' },
        { text: 'El inquilino entrega una mensualidad de fianza & un aval.' },
        { text: 'Se devuelve en un mes.' },
      ]),
    );
    expect(doc.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(doc.pages).toBe(1);
    expect(doc.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Contrato de arrendamiento', 'Entre las partes, a 1 de enero.'],
      ['Cláusula 3: Fianza', 'El inquilino entrega una mensualidad de fianza & un aval.'],
      ['Cláusula 3: Fianza', 'Se devuelve en un mes.'],
    ]);
    expect(chunkDocument(doc).map((p) => [p.heading, p.text])).toEqual([
      ['Contrato de arrendamiento', 'Contrato de arrendamiento\n\nEntre las partes, a 1 de enero.'],
      ['Cláusula 3: Fianza', 'Cláusula 3: Fianza\n\nEl inquilino entrega una mensualidad de fianza & un aval.\n\nSe devuelve en un mes.'],
    ]);
  });

  it("takes the document's Title and Spanish-named heading styles as headings", async () => {
    const doc = await parseDocument(
      makeDocx([
        { text: 'Manual del inquilino', style: 'Title' },
        { text: 'Bienvenida.' },
        { text: 'Pagos', style: 'Ttulo2' },
        { text: 'El día 5 de cada mes.' },
      ]),
    );
    expect(doc.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Manual del inquilino', 'Bienvenida.'],
      ['Pagos', 'El día 5 de cada mes.'],
    ]);
  });

  it('refuses a zip bomb before unzipping it: by its declared sizes, and when it lies about them', async () => {
    const zeros = new Uint8Array(150 * 1024 * 1024);
    const honest = makeZip([...docxFiles([{ text: 'Hola' }]), { name: 'word/media/bomba.bin', data: zeros, deflate: true }]);
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(await reason(honest)).toBe(BOMB);
    const lying = makeZip([
      ...docxFiles([{ text: 'Hola' }]),
      { name: 'word/media/bomba.bin', data: zeros, deflate: true, declaredSize: 1000 },
    ]);
    expect(await reason(lying)).toBe(BOMB);
  });

  it('fails a corrupt DOCX with its reason', async () => {
    const good = makeDocx([{ text: 'Hola' }]);
    // The document's XML cut short: the zip is fine, Word's XML is not.
    const files = docxFiles([{ text: 'Hola' }]).map((f) =>
      f.name === 'word/document.xml' ? { ...f, data: String(f.data).slice(0, 150) } : f,
    );
    expect(await reason(makeZip(files))).toBe('El archivo DOCX está dañado o incompleto: no se puede leer.');
    // Compressed data that does not inflate.
    const garbled = docxFiles([{ text: 'Hola' }]).map((f) =>
      f.name === 'word/document.xml' ? { ...f, deflate: false, data: 'no es deflate', method: 8 } : f,
    );
    expect(await reason(makeZip(garbled))).toBe('El archivo DOCX está dañado o incompleto: no se puede abrir.');
    // Cut in half: no central directory left.
    expect(await reason(good.slice(0, Math.floor(good.length / 2)))).toMatch(/^(El archivo DOCX está dañado|Formato no admitido)/);
  });

  it('an empty DOCX is an empty document', async () => {
    expect(await reason(makeDocx([]))).toBe('El documento está vacío: no tiene texto que leer.');
  });
});
