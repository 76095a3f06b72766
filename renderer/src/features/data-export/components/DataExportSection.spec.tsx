import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { POLL_MS } from '../api/dataExportQueries';
import { DataExportSection } from './DataExportSection';

const EXPORT_ID = '0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3';
const ready = { id: EXPORT_ID, status: 'ready', url: `/api/me/export/${EXPORT_ID}/download?signature=firma`, expiresAt: '2026-11-29T10:30:00.000Z' };

describe("DataExportSection ('Descargar mis datos')", () => {
  beforeEach(() => localStorage.clear());

  it('asks for the export, shows it being prepared, then downloads the ZIP with the session', async () => {
    let asked = 0;
    const server = mockApi()
      .on('POST', '/me/export', { status: 202, body: { id: EXPORT_ID, status: 'preparing' } })
      .on('GET', `/me/export/${EXPORT_ID}`, () => (++asked < 2 ? { body: { id: EXPORT_ID, status: 'preparing' } } : { body: ready }))
      .on('GET', `/me/export/${EXPORT_ID}/download`, { response: () => new Response('PK-zip', { headers: { 'Content-Type': 'application/zip' } }) });
    const save = jest.fn();
    renderWithProviders(<DataExportSection userId="sub-ana" save={save} />);

    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(await screen.findByText('Preparando tu exportación…')).toBeInTheDocument();
    expect(localStorage.getItem('data-export:sub-ana')).toBe(EXPORT_ID);

    const download = await screen.findByRole('button', { name: 'Descargar el archivo ZIP' }, { timeout: POLL_MS * 2 });
    expect(screen.getByText(/^Tu exportación está lista\. Puedes descargarla hasta el 29 de noviembre de 2026/)).toBeInTheDocument();
    await userEvent.click(download);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, name] = save.mock.calls[0] as [Blob, string];
    expect(name).toBe('mis-datos.zip');
    expect(await blob.text()).toBe('PK-zip');
    const [call] = server.callsTo('GET', `/me/export/${EXPORT_ID}/download`);
    expect(call.url.searchParams.get('signature')).toBe('firma');
  });

  it("shows the server's Spanish refusal when one was already asked today", async () => {
    const message = 'Ya pediste una exportación de tus datos en las últimas 24 horas. Podrás pedir otra dentro de 23 horas.';
    mockApi().on('POST', '/me/export', { status: 429, body: { statusCode: 429, message, error: 'Too Many Requests', code: 'ExportLimit' } });
    renderWithProviders(<DataExportSection userId="sub-ana" />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('after a reload goes on with the remembered export, and forgets it once expired', async () => {
    localStorage.setItem('data-export:sub-ana', EXPORT_ID);
    mockApi().on('GET', `/me/export/${EXPORT_ID}`, { status: 410, body: { statusCode: 410, message: 'El enlace de descarga ha caducado', error: 'Gone' } });
    renderWithProviders(<DataExportSection userId="sub-ana" />);
    expect(await screen.findByText('El enlace de tu última exportación caducó. Puedes pedir una nueva.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar mis datos' })).toBeEnabled();
    await waitFor(() => expect(localStorage.getItem('data-export:sub-ana')).toBeNull());
  });
});
