import { fireEvent, screen } from '@testing-library/react';
import { jsonResponse } from '../../../../test/http';
import { renderWithProviders } from '../../../../test/render';
import { DeleteAccountSection } from './DeleteAccountSection';

describe('DeleteAccountSection', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
  });

  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('asks for the e-mail and the password, then the authenticator’s code when the server wants it, and says when the account will go', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(400, { statusCode: 400, message: 'Escribe el código de tu aplicación de autenticación.', code: 'MfaCodeRequired' }))
      .mockResolvedValueOnce(jsonResponse(202, { scheduledFor: '2026-12-28T12:00:00.000Z' }));
    const onSignOut = jest.fn();
    renderWithProviders(<DeleteAccountSection onSignOut={onSignOut} />, { route: '/mi-perfil' });

    expect(screen.getByRole('heading', { name: 'Eliminar mi cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Qué se borra y qué se conserva' })).toHaveAttribute('href', '/privacidad');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este campo es obligatorio.');
    expect(fetchMock).not.toHaveBeenCalled();

    fill(/Correo electrónico/, ' ana@example.com ');
    fill(/Contraseña/, 'Contraseña-segura-1');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByText('Escribe el código de tu aplicación de autenticación.')).toBeInTheDocument();
    const [first] = fetchMock.mock.calls[0] as [Request];
    expect(new URL(first.url).pathname).toBe('/api/me/delete');
    expect(await first.json()).toEqual({ confirmEmail: 'ana@example.com', password: 'Contraseña-segura-1' });

    fill(/Código de tu aplicación de autenticación/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByText('Tu cuenta se eliminará el 28 de diciembre de 2026.')).toBeInTheDocument();
    const [second] = fetchMock.mock.calls[1] as [Request];
    expect(await second.json()).toEqual({ confirmEmail: 'ana@example.com', password: 'Contraseña-segura-1', mfaCode: '123456' });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(onSignOut).toHaveBeenCalled();
  });

  it('asks for the e-mailed code when that is the second factor and sends it with the same request', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(400, { statusCode: 400, message: 'Te hemos enviado un código a tu correo electrónico. Escríbelo para confirmar la eliminación.', code: 'MfaCodeSent' }))
      .mockResolvedValueOnce(jsonResponse(202, { scheduledFor: '2026-12-28T12:00:00.000Z' }));
    renderWithProviders(<DeleteAccountSection onSignOut={jest.fn()} />, { route: '/mi-perfil' });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    fill(/Correo electrónico/, 'ana@example.com');
    fill(/Contraseña/, 'Contraseña-segura-1');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Te hemos enviado un código a tu correo electrónico. Escríbelo para confirmar la eliminación.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Código de tu aplicación/)).not.toBeInTheDocument();

    fill(/Código que te hemos enviado por correo/, '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByText('Tu cuenta se eliminará el 28 de diciembre de 2026.')).toBeInTheDocument();
    const [second] = fetchMock.mock.calls[1] as [Request];
    expect(await second.json()).toEqual({ confirmEmail: 'ana@example.com', password: 'Contraseña-segura-1', mfaCode: '654321' });
  });

  it('shows the server’s Spanish refusal of a wrong password and lets the user go back', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { statusCode: 400, message: 'La contraseña no es correcta.', code: 'WrongPassword' }));
    renderWithProviders(<DeleteAccountSection onSignOut={jest.fn()} />, { route: '/mi-perfil' });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    fill(/Correo electrónico/, 'ana@example.com');
    fill(/Contraseña/, 'otra');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña no es correcta.');
    expect(screen.queryByLabelText(/Código de tu aplicación/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'No, volver' }));
    expect(screen.queryByLabelText(/Contraseña/)).not.toBeInTheDocument();
  });
});
