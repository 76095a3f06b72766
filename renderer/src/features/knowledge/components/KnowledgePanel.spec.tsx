import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import type { KnowledgeDocument } from '../api/knowledgeQueries';
import { KnowledgePanel } from './KnowledgePanel';

const LIST = '/agents/agente-legal/knowledge';

function document(overrides: Partial<KnowledgeDocument>): KnowledgeDocument {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'ley-arrendamientos.pdf',
    mimeType: 'application/pdf',
    size: 120_000,
    status: 'ready',
    pages: 60,
    pagesDone: 60,
    chunks: 183,
    error: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    ...overrides,
  };
}

function renderPanel() {
  renderWithProviders(
    <>
      <KnowledgePanel agentId="agente-legal" />
      <ToastViewport />
    </>,
  );
}

const fileInput = () => window.document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('KnowledgePanel', () => {
  it("shows each document's state: its progress while it is read, its passages when ready, the reason when it failed", async () => {
    mockApi().on('GET', LIST, {
      body: {
        items: [
          document({ id: 'a', name: 'contrato.docx', status: 'processing', pages: 40, pagesDone: 12, chunks: 0 }),
          document({ id: 'b' }),
          document({ id: 'c', name: 'escaneado.pdf', status: 'failed', chunks: 0, error: 'El PDF no contiene texto seleccionable' }),
        ],
      },
    });
    renderPanel();

    const list = await screen.findByRole('list', { name: 'Documentos del agente' });
    const [processing, ready, failed] = within(list).getAllByRole('listitem');
    expect(processing).toHaveTextContent('contrato.docx');
    expect(processing).toHaveTextContent('Procesando 12 de 40 páginas');
    expect(ready).toHaveTextContent('Listo · 183 fragmentos');
    expect(failed).toHaveTextContent('Error: El PDF no contiene texto seleccionable');
    // The served limits (renderer/test/served-config.json: 20 MB, 50 documents).
    expect(await screen.findByText(/Hasta 20 MB por archivo y 50 documentos por agente/)).toBeInTheDocument();
  });

  it('uploads a picked file as the multipart `file` and lists it at once, then follows its progress', async () => {
    let reads = 0;
    const api = mockApi()
      .on('GET', LIST, () => {
        reads += 1;
        return { body: { items: reads === 1 ? [] : [document({ id: 'n', name: 'notas.txt', mimeType: 'text/plain', pages: 1, pagesDone: 1, chunks: 3 })] } };
      })
      .on('POST', LIST, {
        status: 201,
        body: document({ id: 'n', name: 'notas.txt', mimeType: 'text/plain', status: 'processing', pages: 0, pagesDone: 0, chunks: 0 }),
      });
    renderPanel();
    expect(await screen.findByText('Este agente todavía no tiene documentos.')).toBeInTheDocument();

    await userEvent.upload(fileInput(), new File(['Plazo de preaviso: treinta días.'], 'notas.txt', { type: 'text/plain' }));

    expect(await screen.findByText('Listo · 3 fragmentos')).toBeInTheDocument();
    const [upload] = api.callsTo('POST', LIST);
    expect(String(upload!.body)).toContain('name="file"; filename="notas.txt"');
    expect(String(upload!.body)).toContain('Plazo de preaviso: treinta días.');
  });

  it("says why the server refused a file, in its words, and keeps the list as it was", async () => {
    mockApi()
      .on('GET', LIST, { body: { items: [document({})] } })
      .on('POST', LIST, { status: 415, body: { message: 'Formato no admitido: solo PDF, DOCX, TXT, Markdown, HTML o CSV' } });
    renderPanel();
    await screen.findByText('Listo · 183 fragmentos');

    await userEvent.upload(fileInput(), new File(['MZ'], 'programa.exe'));

    expect(await screen.findByText('Formato no admitido: solo PDF, DOCX, TXT, Markdown, HTML o CSV')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Documentos del agente' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('deletes a document after asking, and it leaves the list', async () => {
    let deleted = false;
    const api = mockApi()
      .on('GET', LIST, () => ({ body: { items: deleted ? [] : [document({})] } }))
      .on('DELETE', `${LIST}/11111111-1111-4111-8111-111111111111`, () => {
        deleted = true;
        return { status: 204 };
      });
    renderPanel();

    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar «ley-arrendamientos.pdf»' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar documento' });
    expect(dialog).toHaveTextContent('¿Eliminar «ley-arrendamientos.pdf»? El agente dejará de usarlo en sus respuestas.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Documento eliminado')).toBeInTheDocument();
    expect(await screen.findByText('Este agente todavía no tiene documentos.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${LIST}/11111111-1111-4111-8111-111111111111`)).toHaveLength(1);
  });

  it("'Probar búsqueda' shows the passages the agent would get, with their document and page", async () => {
    const api = mockApi()
      .on('GET', LIST, { body: { items: [document({})] } })
      .on('POST', `${LIST}/search`, {
        body: {
          items: [
            { documentId: 'd', documentName: 'ley-arrendamientos.pdf', page: 37, text: 'El arrendatario podrá desistir con treinta días de preaviso.', score: 3.2 },
            { documentId: 'e', documentName: 'notas.md', page: null, text: 'Preaviso pactado: un mes.', score: 1.1 },
          ],
        },
      });
    renderPanel();

    await userEvent.type(await screen.findByRole('textbox', { name: 'Pregunta de prueba' }), '¿Cuánto preaviso?');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));

    const results = await screen.findByRole('list', { name: 'Fragmentos encontrados' });
    const [first, second] = within(results).getAllByRole('listitem');
    expect(first).toHaveTextContent('ley-arrendamientos.pdf · página 37');
    expect(first).toHaveTextContent('El arrendatario podrá desistir con treinta días de preaviso.');
    expect(second).toHaveTextContent('notas.md');
    expect(second).not.toHaveTextContent('página');
    expect(api.callsTo('POST', `${LIST}/search`)[0]!.body).toEqual({ query: '¿Cuánto preaviso?', limit: 5 });
  });

  it('says so when no passage matches', async () => {
    mockApi()
      .on('GET', LIST, { body: { items: [] } })
      .on('POST', `${LIST}/search`, { body: { items: [] } });
    renderPanel();

    await userEvent.type(await screen.findByRole('textbox', { name: 'Pregunta de prueba' }), 'algo');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));

    expect(await screen.findByText('Ningún fragmento coincide con esta pregunta.')).toBeInTheDocument();
  });
});
