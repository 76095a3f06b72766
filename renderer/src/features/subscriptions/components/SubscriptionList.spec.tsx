import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { createQueryClient } from '../../../shared/api';
import { ToastViewport } from '../../../shared/ui';
import type { Subscription } from '../api/subscriptionsQueries';
import { SubscriptionList } from './SubscriptionList';

jest.setTimeout(30_000);

const LIST_PATH = '/stripe-user-subscriptions/susbscription/user/sub-ana';

function subscription(n: number, overrides: Partial<Subscription> = {}): Subscription {
  return {
    subscriptionId: `sub_${n}`,
    status: 'active',
    isBundle: false,
    agents: [],
    priceId: `price_${n}`,
    price: 10 + n,
    userId: 'sub-ana',
    agentId: `agente-${n}`,
    ecosystemId: null,
    createdAt: `2026-0${(n % 9) + 1}-15T10:00:00.000Z`,
    updatedAt: '2026-10-01T10:00:00.000Z',
    finishedAt: null,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-12-15T10:00:00.000Z',
    user: { name: 'Ana García', email: 'ana@example.com' },
    products: [{ name: `Agente ${n}`, description: `Descripción ${n}`, price: 10 + n }],
    ...overrides,
  };
}

const seven = () => [
  subscription(1),
  subscription(2, { status: 'paused' }),
  subscription(3, { status: 'cancelled', finishedAt: '2026-10-02T10:00:00.000Z' }),
  subscription(4, { user: { name: '', email: 'ana@example.com' }, products: [] }),
  subscription(5),
  subscription(6, { status: 'past_due' }),
  subscription(7, { products: [{ name: 'Asesor Fiscal', description: 'Impuestos', price: 17 }] }),
];

function renderList(props: Partial<Parameters<typeof SubscriptionList>[0]> = {}, queryClient = createQueryClient()) {
  const onNew = jest.fn();
  const onEdit = jest.fn();
  renderWithProviders(
    <>
      <SubscriptionList userId="sub-ana" onNew={onNew} onEdit={onEdit} {...props} />
      <ToastViewport />
    </>,
    { queryClient },
  );
  return { onNew, onEdit };
}

const cards = () => within(screen.getByRole('list', { name: 'Suscripciones' })).getAllByTestId('subscription-card');
const ids = () => cards().map((card) => card.getAttribute('data-subscription-id'));

describe('SubscriptionList', () => {
  it('shows pages of five with Anterior and Siguiente, and the demo notice', async () => {
    mockApi().on('GET', LIST_PATH, { body: { success: true, data: seven() } });
    renderList();

    await screen.findByRole('list', { name: 'Suscripciones' });
    expect(screen.getByRole('heading', { level: 2, name: 'Suscripciones' })).toBeInTheDocument();
    expect(screen.getByText('Modo demostración: no se realiza ningún cargo')).toBeInTheDocument();
    expect(ids()).toEqual(['sub_1', 'sub_2', 'sub_3', 'sub_4', 'sub_5']);
    expect(screen.getByText('Mostrando 1-5 de 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(ids()).toEqual(['sub_6', 'sub_7']);
    expect(screen.getByText('Mostrando 6-7 de 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(ids()[0]).toBe('sub_1');
  });

  it('filters by status and searches by name or id', async () => {
    mockApi().on('GET', LIST_PATH, { body: { success: true, data: seven() } });
    renderList();
    await screen.findByRole('list', { name: 'Suscripciones' });

    await userEvent.click(screen.getByRole('radio', { name: 'Pausados' }));
    expect(ids()).toEqual(['sub_2']);
    expect(screen.getByText('Mostrando 1-1 de 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Cancelados' }));
    expect(ids()).toEqual(['sub_3']);
    await userEvent.click(screen.getByRole('radio', { name: 'Activos' }));
    expect(ids()).toEqual(['sub_1', 'sub_4', 'sub_5', 'sub_7']);

    await userEvent.click(screen.getByRole('radio', { name: 'Todos' }));
    const search = screen.getByRole('searchbox', { name: 'Buscar suscripciones' });
    await userEvent.type(search, 'fiscal');
    expect(ids()).toEqual(['sub_7']);
    await userEvent.clear(search);
    await userEvent.type(search, 'SUB_6');
    expect(ids()).toEqual(['sub_6']);
    // What the card does not show finds nothing: the price's id, the agent's.
    await userEvent.clear(search);
    await userEvent.type(search, 'price_6');
    expect(screen.getByText('No hay suscripciones')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'agente-6');
    expect(screen.getByText('No hay suscripciones')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nadie');
    expect(screen.getByText('No hay suscripciones')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 0-0 de 0')).toBeInTheDocument();
  });

  it('expands a card with its status colour, what was bought and the payment reference, or the texts for none', async () => {
    mockApi().on('GET', LIST_PATH, { body: { success: true, data: seven() } });
    const { onEdit } = renderList();
    await screen.findByRole('list', { name: 'Suscripciones' });

    const [first, second, third, fourth] = cards();
    const toggle = within(first!).getByRole('button', { expanded: false });
    expect(toggle).toHaveTextContent('Ana García');
    expect(toggle).toHaveTextContent('Agente 1');
    expect(toggle).toHaveTextContent('11,00 € / mes');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = within(first!).getByRole('region', { name: 'Detalles de la suscripción: Agente 1' });
    expect(within(details).getByTestId('subscription-status')).toHaveTextContent('Activa');
    expect(within(details).getByText('Agente', { selector: 'p' }).nextElementSibling).toHaveTextContent('Agente 1');
    expect(within(details).getByText('Referencia del pago').nextElementSibling).toHaveTextContent('sub_1');
    // No raw id but the payment's reference reaches the buyer (issue 31): not the price's, the user's or the agent's.
    for (const id of ['price_1', 'sub-ana', 'agente-1']) expect(first).not.toHaveTextContent(id);
    expect(first).not.toHaveTextContent(/ID de/);
    expect(within(details).getByText(/Descripción 1/)).toBeInTheDocument();
    await userEvent.click(within(details).getByRole('button', { name: 'Editar: Agente 1' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ subscriptionId: 'sub_1' }));

    await userEvent.click(within(second!).getByRole('button', { expanded: false }));
    expect(within(second!).getByTestId('subscription-status')).toHaveTextContent('Pausada');
    expect(within(second!).getByRole('button', { name: 'Reanudar: Agente 2' })).toBeInTheDocument();

    await userEvent.click(within(third!).getByRole('button', { expanded: false }));
    expect(within(third!).getByTestId('subscription-status')).toHaveTextContent('Cancelada');
    expect(within(third!).queryByRole('button', { name: /Cancelar/ })).toBeNull();

    const unnamed = within(fourth!).getByRole('button', { expanded: false });
    expect(unnamed).toHaveTextContent('Usuario sin nombre');
    await userEvent.click(unnamed);
    expect(within(fourth!).getByText('No hay productos asociados')).toBeInTheDocument();
    expect(within(fourth!).getByRole('button', { name: 'Editar: sub_4' })).toBeInTheDocument();
  });

  it("names a bundle's agents instead of listing their ids, and counts those no longer available", async () => {
    const api = mockApi()
      .on('GET', LIST_PATH, {
        body: {
          success: true,
          data: [
            subscription(1, {
              isBundle: true,
              agentId: null,
              ecosystemId: 'eco-9f1c2d7e',
              agents: ['3b8f2a10-1111-4c2d-9e0f-aaaaaaaaaaaa', '3b8f2a10-2222-4c2d-9e0f-bbbbbbbbbbbb', '3b8f2a10-3333-4c2d-9e0f-cccccccccccc'],
              products: [{ name: 'Pyme Completa', description: 'Todo para tu pyme', price: 80 }],
            }),
          ],
        },
      })
      .on('GET', '/agents/3b8f2a10-1111-4c2d-9e0f-aaaaaaaaaaaa', { body: { id: '3b8f2a10-1111-4c2d-9e0f-aaaaaaaaaaaa', name: 'Asesor Legal' } })
      .on('GET', '/agents/3b8f2a10-2222-4c2d-9e0f-bbbbbbbbbbbb', { body: { id: '3b8f2a10-2222-4c2d-9e0f-bbbbbbbbbbbb', name: 'Analista Financiero' } })
      .on('GET', '/agents/3b8f2a10-3333-4c2d-9e0f-cccccccccccc', { status: 404, body: { statusCode: 404, message: 'Agente no encontrado' } });
    renderList();
    const [card] = await screen.findAllByTestId('subscription-card');
    await userEvent.click(within(card!).getByRole('button', { expanded: false }));

    const details = within(card!).getByRole('region', { name: 'Detalles de la suscripción: Pyme Completa' });
    expect(within(details).getByText('Ecosistema').nextElementSibling).toHaveTextContent('Pyme Completa');
    await waitFor(() =>
      expect(within(details).getByText('Agentes del paquete').nextElementSibling).toHaveTextContent(
        'Asesor Legal, Analista Financiero, 1 agente que ya no está disponible',
      ),
    );
    expect(card).not.toHaveTextContent(/3b8f2a10|eco-9f1c2d7e/);
    expect(api.callsTo('GET', '/agents/3b8f2a10-1111-4c2d-9e0f-aaaaaaaaaaaa')).toHaveLength(1);
  });

  it('uses the status colours: active green, paused yellow, otherwise red', async () => {
    mockApi().on('GET', LIST_PATH, { body: { success: true, data: seven() } });
    renderList();
    await screen.findByRole('list', { name: 'Suscripciones' });
    for (const card of cards().slice(0, 3)) await userEvent.click(within(card).getAllByRole('button')[0]!);
    const badges = screen.getAllByTestId('subscription-status');
    expect(badges.map((badge) => badge.style.getPropertyValue('--badge-color'))).toEqual([
      expect.stringContaining('green'),
      expect.stringContaining('yellow'),
      expect.stringContaining('red'),
    ]);
  });

  it("cancels only after confirming, at the end of the paid period: 'Se cancelará el …' with 'Reanudar', which undoes it (issue 31)", async () => {
    let data = seven();
    const api = mockApi()
      .on('GET', LIST_PATH, () => ({ body: { success: true, data } }))
      .on('POST', '/stripe/cancel-subscription', () => {
        data = data.map((item) => (item.subscriptionId === 'sub_1' ? { ...item, cancelAtPeriodEnd: true } : item));
        return { status: 200, body: { subscription: { ...data[0]!, customerId: 'cus_ana', canceled_at: null } } };
      })
      .on('POST', '/stripe/resume-subscription', () => {
        data = data.map((item) => (item.subscriptionId === 'sub_1' ? { ...item, cancelAtPeriodEnd: false } : item));
        return { status: 200, body: { subscription: { ...data[0]!, customerId: 'cus_ana', canceled_at: null } } };
      });
    renderList();
    await screen.findByRole('list', { name: 'Suscripciones' });
    const first = cards()[0]!;
    await userEvent.click(within(first).getByRole('button', { expanded: false }));
    expect(within(first).getByText('Próxima renovación')).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Cancelar: Agente 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancelar suscripción' });
    expect(dialog).toHaveTextContent(
      '¿Seguro que quieres cancelar la suscripción «Agente 1»? Podrás seguir chateando con sus agentes hasta el 15 de diciembre de 2026, y no se te volverá a cobrar. Hasta entonces puedes reanudarla.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mantener' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/stripe/cancel-subscription')).toHaveLength(0);

    await userEvent.click(within(first).getByRole('button', { name: 'Cancelar: Agente 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancelar suscripción' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar suscripción' }));

    expect(await screen.findByText('Suscripción cancelada con éxito')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/cancel-subscription')[0]!.body).toEqual({ subscriptionID: 'sub_1' });
    // Still active until the period ends: only 'Reanudar' is offered.
    await waitFor(() => expect(within(cards()[0]!).getByTestId('subscription-ends')).toHaveTextContent('Se cancelará el 15 de diciembre de 2026'));
    const card = cards()[0]!;
    expect(within(card).getByTestId('subscription-status')).toHaveTextContent('Activa');
    for (const action of ['Pausar', 'Editar', 'Cancelar']) expect(within(card).queryByRole('button', { name: `${action}: Agente 1` })).toBeNull();
    expect(within(card).queryByText('Próxima renovación')).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Reanudar: Agente 1' }));
    expect(await screen.findByText('Suscripción activada con éxito')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/resume-subscription')[0]!.body).toEqual({ subscriptionID: 'sub_1', priceID: 'price_1' });
    await waitFor(() => expect(within(cards()[0]!).queryByTestId('subscription-ends')).toBeNull());
    expect(within(cards()[0]!).getByRole('button', { name: 'Cancelar: Agente 1' })).toBeInTheDocument();
  });

  it('cancels a paused subscription at once, saying it cannot be undone, and shows it cancelled', async () => {
    let data = [subscription(2, { status: 'paused' })];
    mockApi()
      .on('GET', LIST_PATH, () => ({ body: { success: true, data } }))
      .on('POST', '/stripe/cancel-subscription', () => {
        data = [{ ...data[0]!, status: 'cancelled', finishedAt: '2026-11-28T10:00:00.000Z' }];
        return { status: 200, body: { subscription: { ...data[0]!, customerId: 'cus_ana', canceled_at: data[0]!.finishedAt } } };
      });
    renderList({ focusId: 'sub_2' });

    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar: Agente 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar suscripción' });
    expect(dialog).toHaveTextContent('Dejarás de poder chatear con sus agentes y no se puede deshacer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar suscripción' }));

    expect(await screen.findByText('Suscripción cancelada con éxito')).toBeInTheDocument();
    await waitFor(() => expect(within(cards()[0]!).getByTestId('subscription-status')).toHaveTextContent('Cancelada'));
    expect(within(cards()[0]!).queryByTestId('subscription-ends')).toBeNull();
  });

  it('pauses and resumes with the success texts', async () => {
    let data = [subscription(1)];
    const api = mockApi()
      .on('GET', LIST_PATH, () => ({ body: { success: true, data } }))
      .on('POST', '/stripe/pause-subscription', () => {
        data = [{ ...data[0]!, status: 'paused' }];
        return { status: 201, body: {} };
      })
      .on('POST', '/stripe/resume-subscription', () => {
        data = [{ ...data[0]!, status: 'active' }];
        return { status: 201, body: {} };
      });
    renderList({ focusId: 'sub_1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Pausar: Agente 1' }));
    expect(await screen.findByText('Suscripción pausada con éxito')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/pause-subscription')[0]!.body).toEqual({ subscriptionID: 'sub_1', priceID: 'price_1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Reanudar: Agente 1' }));
    expect(await screen.findByText('Suscripción activada con éxito')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/resume-subscription')[0]!.body).toEqual({ subscriptionID: 'sub_1', priceID: 'price_1' });
  });

  it("shows the server's message when a change fails, and leaves the subscription as it was", async () => {
    mockApi()
      .on('GET', LIST_PATH, { body: { success: true, data: [subscription(1)] } })
      .on('POST', '/stripe/pause-subscription', { status: 502, body: { statusCode: 502, message: 'Error al actualizar la suscripción' } });
    renderList({ focusId: 'sub_1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pausar: Agente 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al actualizar la suscripción');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Activa');
  });

  it('opens the page that holds ?sub_id= with that subscription expanded', async () => {
    mockApi().on('GET', LIST_PATH, { body: { success: true, data: seven() } });
    renderList({ focusId: 'sub_7' });
    await screen.findByRole('list', { name: 'Suscripciones' });
    await waitFor(() => expect(ids()).toEqual(['sub_6', 'sub_7']));
    expect(screen.getByRole('region', { name: 'Detalles de la suscripción: Asesor Fiscal' })).toHaveTextContent('Referencia del pagosub_7');
  });

  it("offers 'Nueva suscripción' and says 'No hay suscripciones' when there are none", async () => {
    mockApi().on('GET', LIST_PATH, { body: { success: true, data: [] } });
    const { onNew } = renderList();
    expect(await screen.findByText('No hay suscripciones')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nueva suscripción' }));
    expect(onNew).toHaveBeenCalled();
  });

  it('shows the load error text when the list cannot be read', async () => {
    mockApi().on('GET', LIST_PATH, { status: 500 });
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar las suscripciones. Por favor, intente nuevamente.');
  });

  it('says so with Reintentar when the list cannot be loaded again after a change', async () => {
    const api = mockApi()
      .on('GET', LIST_PATH, { body: { success: true, data: [subscription(1)] } })
      .on('POST', '/stripe/pause-subscription', () => {
        api.on('GET', LIST_PATH, { status: 502, body: { statusCode: 502, message: 'Error al leer las suscripciones' } });
        return { status: 201, body: {} };
      });
    renderList({ focusId: 'sub_1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Pausar: Agente 1' }));

    expect(await screen.findByText('Suscripción pausada con éxito')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar las suscripciones. Por favor, intente nuevamente.');
    api.on('GET', LIST_PATH, { body: { success: true, data: [subscription(1, { status: 'paused' })] } });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Pausada'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("has the user's team loaded again after a pause, a resume or a cancellation", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['user-agents', 'sub-ana'], []);
    queryClient.setQueryData(['user-ecosystems', 'sub-ana'], { ecosystems: [], localMode: false });
    mockApi()
      .on('GET', LIST_PATH, { body: { success: true, data: [subscription(1)] } })
      .on('POST', '/stripe/pause-subscription', { status: 201, body: {} });
    renderList({ focusId: 'sub_1' }, queryClient);

    await userEvent.click(await screen.findByRole('button', { name: 'Pausar: Agente 1' }));

    expect(await screen.findByText('Suscripción pausada con éxito')).toBeInTheDocument();
    expect(queryClient.getQueryState(['user-agents', 'sub-ana'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['user-ecosystems', 'sub-ana'])?.isInvalidated).toBe(true);
  });
});
