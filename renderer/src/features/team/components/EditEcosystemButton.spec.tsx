import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { EditEcosystemButton } from './EditEcosystemButton';

const ecosystem = { id: 'eco-1', name: 'Mi equipo', description: 'Equipo de la colaboración', price: 0, discount: 0, isPublic: false };

function renderButton() {
  return renderWithProviders(
    <>
      <EditEcosystemButton ecosystem={ecosystem} />
      <ToastViewport />
    </>,
  );
}

describe("'Editar ecosistema' in Mi Oficina", () => {
  it('sends the new name, price and visibility, and says it is saved', async () => {
    const api = mockApi().on('PUT', '/ecosystems/eco-1', (call) => ({ body: { ...ecosystem, ...(call.body as object), monthlyPrice: 20 } }));
    renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Editar ecosistema' }));
    const name = await screen.findByRole('textbox', { name: 'Nombre' });
    await userEvent.clear(name);
    await userEvent.type(name, ' Equipo de lanzamiento ');
    const price = screen.getByRole('textbox', { name: 'Precio al mes (€)' });
    await userEvent.clear(price);
    await userEvent.type(price, '20');
    await userEvent.click(screen.getByRole('switch', { name: 'Público en el marketplace' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Ecosistema guardado')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/ecosystems/eco-1')[0].body).toEqual({
      name: 'Equipo de lanzamiento',
      description: 'Equipo de la colaboración',
      price: 20,
      discount: 0,
      isPublic: true,
    });
  });

  it("checks the server's limits before sending, and shows the server's refusal as it says it", async () => {
    const api = mockApi().on('PUT', '/ecosystems/eco-1', {
      status: 409,
      body: { statusCode: 409, message: 'No se puede hacer privado este ecosistema mientras tenga suscriptores (1).', error: 'Conflict' },
    });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Editar ecosistema' }));
    const price = await screen.findByRole('textbox', { name: 'Precio al mes (€)' });
    await userEvent.clear(price);
    await userEvent.type(price, '100000000');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Debe estar entre 0 y 99999999.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/ecosystems/eco-1')).toHaveLength(0);

    await userEvent.clear(price);
    await userEvent.type(price, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se puede hacer privado este ecosistema mientras tenga suscriptores (1).');
  });
});
