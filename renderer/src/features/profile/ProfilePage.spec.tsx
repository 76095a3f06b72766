import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { ProfilePage } from './ProfilePage';

const json = jsonResponse;

describe('ProfilePage', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
  });

  it('loads the contact data and saves a new contact name', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { contactName: 'Ana', handle: 'usuario-1a2b3c4d', email: 'ana@example.com' }))
      .mockResolvedValueOnce(json(200, { contactName: 'Ana García', handle: 'usuario-1a2b3c4d', email: 'ana@example.com' }));
    renderWithProviders(<ProfilePage userId="sub-ana" security={<p>seguridad</p>} />, { route: '/mi-perfil' });

    const name = await screen.findByRole('textbox', { name: /Nombre de contacto/ });
    expect(name).toHaveValue('Ana');
    expect(screen.getByRole('textbox', { name: /Correo electrónico/ })).toHaveValue('ana@example.com');
    expect(screen.getByText('seguridad')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: '  Ana García ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos guardados.')).toBeInTheDocument();
    const [request] = fetchMock.mock.calls[1] as [Request];
    expect(new URL(request.url).pathname).toBe('/api/users/sub-ana');
    expect(request.method).toBe('PUT');
    expect(await request.json()).toEqual({ contactName: 'Ana García' });
  });

  it("lets the user choose their public name ('Nombre público'), sent only when it changed", async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { contactName: 'Ana', handle: 'usuario-1a2b3c4d', email: 'ana@example.com' }))
      .mockResolvedValueOnce(json(200, { contactName: 'Ana', handle: 'ana-garcia', email: 'ana@example.com' }));
    renderWithProviders(<ProfilePage userId="sub-ana" security={null} />, { route: '/mi-perfil' });
    const handle = await screen.findByRole('textbox', { name: /Nombre público/ });
    expect(handle).toHaveValue('usuario-1a2b3c4d');
    fireEvent.change(handle, { target: { value: ' Ana-Garcia ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos guardados.')).toBeInTheDocument();
    expect(await (fetchMock.mock.calls[1] as [Request])[0].json()).toEqual({ contactName: 'Ana', handle: 'ana-garcia' });
    expect(screen.getByRole('textbox', { name: /Nombre público/ })).toHaveValue('ana-garcia');
  });

  it('does not save a public name that is an e-mail address, and shows the server refusing a taken one', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { contactName: 'Ana', handle: 'usuario-1a2b3c4d', email: 'ana@example.com' }))
      .mockResolvedValueOnce(json(409, { statusCode: 409, message: 'Ese nombre público ya lo usa otra persona. Elige otro.' }));
    renderWithProviders(<ProfilePage userId="sub-ana" security={null} />, { route: '/mi-perfil' });
    const handle = await screen.findByRole('textbox', { name: /Nombre público/ });
    fireEvent.change(handle, { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(/Entre 3 y 30 caracteres/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.change(handle, { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese nombre público ya lo usa otra persona. Elige otro.');
  });

  it('does not save a blank contact name', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { contactName: 'Ana', handle: 'usuario-1a2b3c4d', email: 'ana@example.com' }));
    renderWithProviders(<ProfilePage userId="sub-ana" security={null} />, { route: '/mi-perfil' });
    fireEvent.change(await screen.findByRole('textbox', { name: /Nombre de contacto/ }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este campo es obligatorio.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('opens the tab named in ?tab=', async () => {
    fetchMock.mockResolvedValue(json(200, { contactName: 'Ana', handle: 'usuario-1a2b3c4d', email: 'ana@example.com' }));
    renderWithProviders(<ProfilePage userId="sub-ana" security={null} />, { route: '/mi-perfil?tab=PAYMENTS' });
    expect(screen.getByRole('tab', { name: 'Métodos de pago' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByText('Esta sección estará disponible muy pronto.')).toBeInTheDocument());
  });

  it('shows the load error text when the data cannot be read, and loads again on Reintentar', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<ProfilePage userId="sub-ana" security={null} />, { route: '/mi-perfil' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo conectar con el servidor.');
    fetchMock.mockResolvedValue(json(200, { contactName: 'Ana', handle: 'usuario-1a2b3c4d', email: 'ana@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Nombre de contacto/ })).toHaveValue('Ana'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
