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
      .mockResolvedValueOnce(json(200, { contactName: 'Ana', email: 'ana@example.com' }))
      .mockResolvedValueOnce(json(200, { contactName: 'Ana García', email: 'ana@example.com' }));
    renderWithProviders(<ProfilePage userId="sub-ana" security={<p>seguridad</p>} />, { route: '/mi-perfil' });

    const name = await screen.findByRole('textbox', { name: /Nombre de contacto/ });
    expect(name).toHaveValue('Ana');
    expect(screen.getByRole('textbox', { name: /Correo electrónico/ })).toHaveValue('ana@example.com');
    expect(screen.getByText('seguridad')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: '  Ana García ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos guardados.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/users/sub-ana');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({ contactName: 'Ana García' });
  });

  it('does not save a blank contact name', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { contactName: 'Ana', email: 'ana@example.com' }));
    renderWithProviders(<ProfilePage userId="sub-ana" security={null} />, { route: '/mi-perfil' });
    fireEvent.change(await screen.findByRole('textbox', { name: /Nombre de contacto/ }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este campo es obligatorio.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('opens the tab named in ?tab=', async () => {
    fetchMock.mockResolvedValue(json(200, { contactName: 'Ana', email: 'ana@example.com' }));
    renderWithProviders(<ProfilePage userId="sub-ana" security={null} />, { route: '/mi-perfil?tab=PAYMENTS' });
    expect(screen.getByRole('tab', { name: 'Métodos de pago' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByText('Esta sección estará disponible muy pronto.')).toBeInTheDocument());
  });

  it('shows the load error text when the data cannot be read', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<ProfilePage userId="sub-ana" security={null} />, { route: '/mi-perfil' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo conectar con el servidor.');
  });
});
