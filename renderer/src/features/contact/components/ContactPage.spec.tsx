import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ContactPage } from './ContactPage';

const RECEIVED = 'Gracias, hemos recibido tu mensaje. Te responderemos en un plazo de 48 horas laborables.';

function renderContact(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/contact/:section" element={<ContactPage />} />
    </Routes>,
    { route },
  );
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<string, string>> = {}) {
  const values = { name: 'Ana García', email: 'ana@example.com', subject: 'Factura de octubre', message: 'Necesito la factura de octubre.', ...overrides };
  if (values.name) await user.type(screen.getByRole('textbox', { name: /Nombre/ }), values.name);
  if (values.email) await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), values.email);
  if (values.subject) await user.type(screen.getByRole('textbox', { name: /Asunto/ }), values.subject);
  if (values.message) await user.type(screen.getByRole('textbox', { name: /Mensaje/ }), values.message);
}

let api: ApiMock;
beforeEach(() => {
  api = mockApi().on('POST', '/contact', { status: 201, body: { id: 'c1', message: RECEIVED } });
});

describe('ContactPage', () => {
  it('offers the six sections and marks the current one', () => {
    renderContact('/contact/facturacion');
    const nav = screen.getByRole('navigation', { name: 'Secciones de contacto' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['General', '/contact'],
      ['Soporte', '/contact/soporte'],
      ['Ventas', '/contact/ventas'],
      ['Facturación', '/contact/facturacion'],
      ['Privacidad', '/contact/privacidad'],
      ['Prensa', '/contact/prensa'],
    ]);
    expect(screen.getByRole('link', { name: 'Facturación' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the form with its section and shows the server’s confirmation', async () => {
    const user = userEvent.setup();
    renderContact('/contact/facturacion');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RECEIVED);
    expect(api.callsTo('POST', '/contact')[0]?.body).toEqual({
      section: 'facturacion',
      name: 'Ana García',
      email: 'ana@example.com',
      subject: 'Factura de octubre',
      message: 'Necesito la factura de octubre.',
      website: '',
    });
  });

  it('validates before sending: name, e-mail, subject and a message of at least 10 characters', async () => {
    const user = userEvent.setup();
    renderContact('/contact');
    await fillForm(user, { name: '', email: 'ana@', subject: '', message: 'corto' });
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(screen.getByText('Escribe tu nombre.')).toBeInTheDocument();
    expect(screen.getByText('Escribe un correo electrónico válido.')).toBeInTheDocument();
    expect(screen.getByText('Escribe el asunto.')).toBeInTheDocument();
    expect(screen.getByText('El mensaje debe tener al menos 10 caracteres.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('keeps the honeypot out of sight and out of the tab order', () => {
    renderContact('/contact');
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it.each([
    [400, 'El correo electrónico no es válido'],
    [429, 'Has enviado demasiados mensajes. Inténtalo más tarde.'],
  ])('shows the server’s message for a %i and keeps what was typed', async (status, message) => {
    api.on('POST', '/contact', { status, body: { message } });
    const user = userEvent.setup();
    renderContact('/contact/soporte');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('textbox', { name: /Asunto/ })).toHaveValue('Factura de octubre');
  });

  it('sends to general from an unknown section', async () => {
    renderContact('/contact/desconocida');
    expect(await screen.findByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');
  });
});
