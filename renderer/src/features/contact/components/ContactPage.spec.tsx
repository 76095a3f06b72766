import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Route, Routes } from 'react-router-dom';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { loadedRuntimeConfig, renderWithProviders } from '../../../../test/render';
import { defaultRuntimeConfig, runtimeConfigAtom, type RuntimeConfig } from '../../../shared/config';
import { ContactPage } from './ContactPage';

const RECEIVED = 'Gracias, hemos recibido tu mensaje. Te responderemos en un plazo de 48 horas laborables.';

/** The contact page as the app has it; `config` replaces the server's configuration (its form limits). */
function renderContact(route: string, config?: RuntimeConfig) {
  const store = createStore();
  if (config) store.set(runtimeConfigAtom, config);
  return renderWithProviders(
    <Routes>
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/contact/:section" element={<ContactPage />} />
    </Routes>,
    { route, store },
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

  it('takes its limits from the server’s configuration', async () => {
    const limits = loadedRuntimeConfig.limits!;
    const contact = { ...limits.contact, name: { min: 1, max: 40 }, message: { min: 20, max: 900 } };
    const user = userEvent.setup();
    renderContact('/contact', { ...loadedRuntimeConfig, limits: { ...limits, contact } });
    expect(screen.getByRole('textbox', { name: /Nombre/ })).toHaveAttribute('maxlength', '40');
    const message = screen.getByRole('textbox', { name: /Mensaje/ });
    expect(message).toHaveAttribute('maxlength', '900');
    expect(message).toHaveAccessibleDescription('Cuéntanos con detalle en qué podemos ayudarte (mínimo 20 caracteres).');
    await fillForm(user, { message: 'Solo quince car' });
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(screen.getByText('El mensaje debe tener al menos 20 caracteres.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('leaves the lengths to the server until its configuration has arrived', async () => {
    api.on('POST', '/contact', { status: 400, body: { message: 'El mensaje debe tener entre 10 y 5000 caracteres' } });
    const user = userEvent.setup();
    renderContact('/contact', { ...defaultRuntimeConfig });
    expect(screen.getByRole('textbox', { name: /Mensaje/ })).toHaveAccessibleDescription('Cuéntanos con detalle en qué podemos ayudarte.');
    await fillForm(user, { message: 'corto' });
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El mensaje debe tener entre 10 y 5000 caracteres');
    expect(api.callsTo('POST', '/contact')).toHaveLength(1);
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
