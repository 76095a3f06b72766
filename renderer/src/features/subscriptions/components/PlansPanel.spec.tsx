import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { PlansPanel } from './PlansPanel';

const account = { userId: 'sub-ana', name: 'Ana García', email: 'ana@example.com' };
const agents = [
  { id: 'agente-legal', name: 'Asesor Legal', description: 'Contratos', price: 19.99, priceId: 'price_legal', creatorId: 'sub-bob' },
  { id: 'agente-propio', name: 'Mi Propio Agente', description: '', price: 9, priceId: 'price_propio', creatorId: 'sub-ana' },
  { id: 'agente-gratis', name: 'Ayudante Gratis', description: '', price: 0, priceId: null },
  { id: 'agente-sin-precio', name: 'Sin Precio', description: '', price: 5, priceId: null },
];
// What the server charges a month is its monthlyPrice (the price less the discount, to the cent): the renderer shows it.
const ecosystems = [{ id: 'eco-pyme', name: 'Pyme Completa', description: '', price: 100, discount: 20, monthlyPrice: 80, priceId: 'price_eco' }];

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
  it("lists the paid agents and priced ecosystems (at the server's monthly price) with Suscribirse, but not one's own", async () => {
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

  const stored = (overrides: Record<string, unknown>) => ({
    subscriptionId: 'sub_1',
    status: 'active',
    isBundle: false,
    agents: [],
    priceId: 'price_legal_old',
    price: 14.99,
    userId: 'sub-ana',
    agentId: 'agente-legal',
    ecosystemId: null,
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    finishedAt: null,
    user: { name: 'Ana García', email: 'ana@example.com' },
    products: [{ name: 'Asesor Legal', description: '', price: 14.99 }],
    ...overrides,
  });
  const mySubscriptions = (subscription: Record<string, unknown>) => ({ body: { success: true, data: [subscription] } });

  it("with no paid plan says there is none yet, and 'que coincidan' only for a search", async () => {
    mockApi()
      .on('GET', '/marketplace/agents', { body: { items: [], total: 0 } })
      .on('GET', '/marketplace/ecosystems', { body: { items: [], total: 0 } })
      .on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', { body: { success: true, data: [] } });
    renderWithProviders(<PlansPanel account={account} onSubscribed={jest.fn()} onChangePlan={jest.fn()} />);
    expect(await screen.findByText('Todavía no hay agentes ni ecosistemas de pago en el marketplace.')).toBeInTheDocument();
    expect(screen.queryByText(/que coincidan/)).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar planes' }), 'contratos');
    expect(await screen.findByText('No hay agentes ni ecosistemas de pago que coincidan.')).toBeInTheDocument();
  });

  it("with ?sub_id= offers only the current price of the subscription's own agent (the server refuses any other)", async () => {
    const api = server()
      .on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', mySubscriptions(stored({})))
      .on('GET', '/agents/agente-legal', { body: agents[0] });
    const onChangePlan = jest.fn();
    renderWithProviders(<PlansPanel account={account} changingId="sub_1" onSubscribed={jest.fn()} onChangePlan={onChangePlan} />);

    expect(await screen.findByText('Cambiando la suscripción: Asesor Legal')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar a este plan: Asesor Legal' }));
    expect(onChangePlan).toHaveBeenCalledWith('sub_1', 'price_legal');
    expect(planNames()).toEqual(['Asesor Legal']);
    expect(screen.getByText('19,99 € / mes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambiar a este plan: Pyme Completa' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Buscar planes' })).toBeNull();
    expect(api.callsTo('GET', '/marketplace/agents')).toHaveLength(0);
  });

  it("offers an ecosystem's subscription its own ecosystem at its monthly price (after the discount)", async () => {
    server()
      .on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', mySubscriptions(stored({ isBundle: true, agentId: null, agents: ['agente-legal'], ecosystemId: 'eco-pyme', priceId: 'price_eco_old' })))
      .on('GET', '/ecosystems/eco-pyme', { body: ecosystems[0] });
    const onChangePlan = jest.fn();
    renderWithProviders(<PlansPanel account={account} changingId="sub_1" onSubscribed={jest.fn()} onChangePlan={onChangePlan} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar a este plan: Pyme Completa' }));
    expect(onChangePlan).toHaveBeenCalledWith('sub_1', 'price_eco');
    expect(planNames()).toEqual(['Pyme Completa']);
    expect(screen.getByText('80,00 € / mes')).toBeInTheDocument();
  });

  it('marks the plan as the current one, with no other price to change to, when the price has not changed', async () => {
    server()
      .on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', mySubscriptions(stored({ priceId: 'price_legal', price: 19.99 })))
      .on('GET', '/agents/agente-legal', { body: agents[0] });
    renderWithProviders(<PlansPanel account={account} changingId="sub_1" onSubscribed={jest.fn()} onChangePlan={jest.fn()} />);

    expect(await screen.findByText('Plan actual')).toBeInTheDocument();
    expect(screen.getByText('No hay otro precio al que cambiar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cambiar a este plan/ })).toBeNull();
  });

  it('shows the Spanish error with Reintentar when the subscription being changed cannot be loaded', async () => {
    server().on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', { status: 500 });
    renderWithProviders(<PlansPanel account={account} changingId="sub_1" onSubscribed={jest.fn()} onChangePlan={jest.fn()} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar los planes. Inténtalo de nuevo.');
    server()
      .on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', mySubscriptions(stored({})))
      .on('GET', '/agents/agente-legal', { body: agents[0] });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Cambiar a este plan: Asesor Legal' })).toBeInTheDocument();
  });

  it("says 'Ya suscrito' instead of offering a plan the user already has", async () => {
    server().on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', mySubscriptions(stored({ status: 'paused', priceId: 'price_legal', price: 19.99 })));
    renderWithProviders(<PlansPanel account={account} onSubscribed={jest.fn()} onChangePlan={jest.fn()} />);
    expect(await screen.findByText('Ya suscrito')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suscribirse: Asesor Legal' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Suscribirse: Pyme Completa' })).toBeInTheDocument();
  });

  it("says when the user's subscriptions cannot be loaded, with Reintentar, and still lists the plans", async () => {
    server().on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', { status: 500 });
    renderWithProviders(<PlansPanel account={account} onSubscribed={jest.fn()} onChangePlan={jest.fn()} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar las suscripciones. Por favor, intente nuevamente.');
    expect(planNames()).toEqual(['Asesor Legal', 'Pyme Completa']);
    server().on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', mySubscriptions(stored({ status: 'active', priceId: 'price_legal', price: 19.99 })));
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Ya suscrito')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
