import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { PlansPanel } from './PlansPanel';

const account = { userId: 'sub-ana', name: 'Ana García', email: 'ana@example.com' };
const agents = [
  { id: 'agente-legal', name: 'Asesor Legal', description: 'Contratos', price: 19.99, priceId: 'price_legal' },
  { id: 'agente-gratis', name: 'Ayudante Gratis', description: '', price: 0, priceId: null },
  { id: 'agente-sin-precio', name: 'Sin Precio', description: '', price: 5, priceId: null },
];
const ecosystems = [{ id: 'eco-pyme', name: 'Pyme Completa', description: '', price: 100, discount: 20, priceId: 'price_eco' }];

function server() {
  return mockApi()
    .on('GET', '/marketplace/agents', { body: { items: agents, total: agents.length } })
    .on('GET', '/marketplace/ecosystems', { body: { items: ecosystems, total: 1 } });
}

const planNames = () =>
  within(screen.getByRole('list', { name: 'Planes disponibles' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('PlansPanel', () => {
  it('lists the paid agents and priced ecosystems (at the discounted price) with Suscribirse', async () => {
    server();
    renderWithProviders(<PlansPanel account={account} onSubscribed={jest.fn()} onChangePlan={jest.fn()} />);
    await screen.findByRole('list', { name: 'Planes disponibles' });
    expect(planNames()).toEqual(['Asesor Legal', 'Pyme Completa']);
    expect(screen.getByText('80,00 € / mes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suscribirse: Pyme Completa' })).toBeInTheDocument();
    expect(screen.getByText('Modo demostración: no se realiza ningún cargo')).toBeInTheDocument();
  });

  it('puts the agent named in the address first', async () => {
    server().on('GET', '/ecosystems/eco-pyme', { body: ecosystems[0] });
    renderWithProviders(
      <PlansPanel account={account} focus={{ kind: 'ecosystem', id: 'eco-pyme' }} onSubscribed={jest.fn()} onChangePlan={jest.fn()} />,
    );
    await waitFor(() => expect(planNames()[0]).toBe('Pyme Completa'));
    expect(screen.getByText('Seleccionado')).toBeInTheDocument();
  });

  it('with ?sub_id= offers a change to every other plan and marks the current one', async () => {
    server().on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', {
      body: {
        success: true,
        data: [
          {
            subscriptionId: 'sub_1',
            status: 'active',
            isBundle: false,
            agents: [],
            priceId: 'price_legal',
            price: 19.99,
            userId: 'sub-ana',
            agentId: 'agente-legal',
            createdAt: '2026-10-01T10:00:00.000Z',
            updatedAt: '2026-10-01T10:00:00.000Z',
            finishedAt: null,
            products: [{ name: 'Asesor Legal', description: '', price: 19.99 }],
          },
        ],
      },
    });
    const onChangePlan = jest.fn();
    renderWithProviders(<PlansPanel account={account} changingId="sub_1" onSubscribed={jest.fn()} onChangePlan={onChangePlan} />);

    expect(await screen.findByText('Cambiando la suscripción: Asesor Legal')).toBeInTheDocument();
    await screen.findByText('Plan actual');
    expect(screen.queryByRole('button', { name: 'Cambiar a este plan: Asesor Legal' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar a este plan: Pyme Completa' }));
    expect(onChangePlan).toHaveBeenCalledWith('sub_1', 'price_eco');
  });

  it("says 'Ya suscrito' instead of offering a plan the user already has", async () => {
    server().on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', {
      body: {
        success: true,
        data: [{ subscriptionId: 'sub_1', status: 'paused', isBundle: false, agents: [], priceId: 'price_legal', price: 19.99, userId: 'sub-ana', agentId: 'agente-legal', createdAt: '', updatedAt: '', finishedAt: null }],
      },
    });
    renderWithProviders(<PlansPanel account={account} onSubscribed={jest.fn()} onChangePlan={jest.fn()} />);
    expect(await screen.findByText('Ya suscrito')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suscribirse: Asesor Legal' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Suscribirse: Pyme Completa' })).toBeInTheDocument();
  });
});
