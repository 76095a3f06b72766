import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { defaultRuntimeConfig, runtimeConfigAtom } from '../../../shared/config';
import { ToastViewport } from '../../../shared/ui';
import type { ConnectedAccount, Earnings } from '../api/earningsQueries';
import { EarningsPanel } from './EarningsPanel';

const earnings = (provider: 'demo' | 'stripe'): Earnings => ({
  currency: 'eur',
  provider,
  feePercent: 10,
  months: [
    {
      month: '2026-11',
      agents: [
        { agentId: 'a1', agentName: 'Asesor Fiscal', subscribers: 3, gross: 59.97, fee: 6, net: 53.97, paidOut: provider === 'stripe' },
        { agentId: 'a2', agentName: 'Contable', subscribers: 1, gross: 15, fee: 1.5, net: 13.5, paidOut: false },
      ],
      totals: { subscribers: 4, gross: 74.97, fee: 7.5, net: 67.47 },
    },
  ],
  bundleShares: [
    { ecosystemId: 'e1', ecosystemName: 'Oficina completa', month: '2026-11', agentId: 'a2', agentName: 'Contable', usageShare: 0.75, messages: 3, bundleMessages: 4, basis: 'usage', settled: false },
    { ecosystemId: 'e1', ecosystemName: 'Oficina completa', month: '2026-11', agentId: 'a3', agentName: 'Gestor', usageShare: 0.25, messages: 1, bundleMessages: 4, basis: 'usage', settled: false },
    { ecosystemId: 'e2', ecosystemName: 'Pack Oficina', month: '2026-10', agentId: 'a4', agentName: 'Laboral', usageShare: 0.375, messages: 0, bundleMessages: 3, basis: 'mixed', settled: true },
    { ecosystemId: 'e3', ecosystemName: 'Pack Precios', month: '2026-10', agentId: 'a5', agentName: 'Traductor', usageShare: 0.5, messages: 0, bundleMessages: 0, basis: 'price', settled: true },
    { ecosystemId: 'e4', ecosystemName: 'Pack de otra', month: '2026-10', agentId: 'a6', agentName: 'Asesora Cedida', usageShare: 0.3, messages: 0, bundleMessages: 3, basis: 'minimum', settled: true },
  ],
});

function server(provider: 'demo' | 'stripe', account: ConnectedAccount): ApiMock {
  return mockApi()
    .on('GET', '/stripe/earnings', { body: earnings(provider) })
    .on('GET', '/stripe/connect/account', { body: account });
}

function renderPanel(provider: 'demo' | 'stripe', openUrl = jest.fn(), route = '/mi-perfil?tab=EARNINGS') {
  const store = createStore();
  store.set(runtimeConfigAtom, { ...defaultRuntimeConfig, payments: { provider, publishableKey: provider === 'stripe' ? 'pk_test_123' : null, currency: 'eur' } });
  renderWithProviders(
    <>
      <EarningsPanel openUrl={openUrl} />
      <ToastViewport />
    </>,
    { store, route },
  );
  return openUrl;
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/[\u00a0\u202f]/g, ' '));

describe('EarningsPanel (Mis ingresos)', () => {
  it('shows subscribers, revenue, fee, net and payout per agent, with the month totals', async () => {
    server('stripe', { accountId: 'acct_1', provider: 'stripe', status: 'active' });
    renderPanel('stripe');
    const table = await screen.findByRole('table', { name: 'Mis ingresos: noviembre de 2026' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Agente', 'Suscriptores', 'Ingresos', 'Comisión', 'Neto', 'Pago']);
    expect(cellsOf(within(table).getByRole('row', { name: /Asesor Fiscal/ }))).toEqual(['Asesor Fiscal', '3', '59,97 €', '6,00 €', '53,97 €', 'Pagado']);
    expect(cellsOf(within(table).getByRole('row', { name: /Contable/ }))).toEqual(['Contable', '1', '15,00 €', '1,50 €', '13,50 €', 'Pendiente']);
    expect(cellsOf(within(table).getByRole('row', { name: /Total/ }))).toEqual(['Total', '4', '74,97 €', '7,50 €', '67,47 €', '']);
    expect(screen.getByText('Comisión de la plataforma: 10 %')).toBeInTheDocument();
    expect(screen.getByText('Cuenta de cobro conectada.')).toBeInTheDocument();
    expect(screen.queryByText('Modo demostración: no se realiza ningún cargo')).toBeNull();
  });

  it("shows the API sales the app supplies (issue 36) once the ledger has loaded, before the bundles' split", async () => {
    server('stripe', { accountId: 'acct_1', provider: 'stripe', status: 'active' });
    renderWithProviders(<EarningsPanel apiSales={<section aria-label="Ventas de tu API este mes" />} />);
    const sales = await screen.findByRole('region', { name: 'Ventas de tu API este mes' });
    const bundles = screen.getByRole('table', { name: 'Reparto de paquetes' });
    expect(sales.compareDocumentPosition(bundles) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the bundles' split openly: each agent's share and the chats it is based on", async () => {
    server('stripe', { accountId: 'acct_1', provider: 'stripe', status: 'active' });
    renderPanel('stripe');
    const table = await screen.findByRole('table', { name: 'Reparto de paquetes' });
    expect(cellsOf(within(table).getByRole('row', { name: /Gestor/ }))).toEqual([
      'Oficina completa',
      'noviembre de 2026',
      'Gestor',
      '25 %',
      '1 de 4',
      'Por usoMes en curso: el reparto aún puede cambiar',
    ]);
    expect(within(table).getByRole('row', { name: /Contable/ })).toHaveTextContent('75 %');
    // A subscriber who did not use the bundle pays by list prices; several payments, each by its own basis.
    expect(cellsOf(within(table).getByRole('row', { name: /Laboral/ })).slice(4)).toEqual(['0 de 3', 'Según cada pago']);
    expect(cellsOf(within(table).getByRole('row', { name: /Traductor/ })).slice(4)).toEqual(['0 de 0', 'Por precio de lista']);
    // An agent sold with its creator's consent in another user's bundle: its minimum, though unused.
    expect(cellsOf(within(table).getByRole('row', { name: /Asesora Cedida/ })).slice(3)).toEqual(['30 %', '0 de 3', 'Mínimo por suscriptor']);
  });

  it("'Conectar con Stripe' creates the account and goes to Stripe's onboarding", async () => {
    const api = server('stripe', { accountId: null, provider: 'stripe', status: 'none' });
    api.on('POST', '/stripe/connect/onboarding', { body: { url: 'https://connect.stripe.com/setup/e/acct_1/abc' } });
    const openUrl = renderPanel('stripe');
    expect(await screen.findByText('Conecta una cuenta de Stripe para recibir los pagos de las suscripciones a tus agentes.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Conectar con Stripe' }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/abc'));
    expect(api.callsTo('POST', '/stripe/connect/onboarding')).toHaveLength(1);
  });

  it('offers to continue an unfinished Stripe onboarding (saying so when Stripe sent the creator back with an expired link), and shows why when it fails', async () => {
    const api = server('stripe', { accountId: 'acct_1', provider: 'stripe', status: 'pending' });
    api.on('POST', '/stripe/connect/onboarding', { status: 502, body: { message: 'El servicio de pagos no está disponible. Vuelve a intentarlo más tarde.' } });
    const openUrl = renderPanel('stripe', jest.fn(), '/mi-perfil?tab=EARNINGS&onboarding=refresh');
    expect(await screen.findByText('El enlace de alta de Stripe ha caducado. Pulsa «Continuar el alta en Stripe» para seguir donde lo dejaste.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar el alta en Stripe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El servicio de pagos no está disponible. Vuelve a intentarlo más tarde.');
    expect(openUrl).not.toHaveBeenCalled();
  });

  it('says that no money moves in demo mode, never offers Stripe, and activates the demo account in place', async () => {
    const api = server('demo', { accountId: null, provider: 'demo', status: 'none' });
    api.on('POST', '/stripe/connect/onboarding', () => {
      api.on('GET', '/stripe/connect/account', { body: { accountId: 'acct_demo_1', provider: 'demo', status: 'active' } });
      return { body: { url: 'http://localhost/mi-perfil?tab=EARNINGS' } };
    });
    const openUrl = renderPanel('demo');
    expect(await screen.findByText('Modo demostración: no se realiza ningún cargo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conectar con Stripe' })).toBeNull();
    const table = await screen.findByRole('table', { name: 'Mis ingresos: noviembre de 2026' });
    expect(within(table).getAllByText('Demostración')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Activar cuenta de demostración' }));
    expect(await screen.findByText('Cuenta de cobro de demostración activa.')).toBeInTheDocument();
    expect(openUrl).not.toHaveBeenCalled();
  });

  it('tells a creator without income what will appear, and offers to retry a failed load', async () => {
    const api = mockApi()
      .on('GET', '/stripe/earnings', { status: 500, body: { message: 'Error interno' } })
      .on('GET', '/stripe/connect/account', { body: { accountId: null, provider: 'demo', status: 'none' } });
    renderPanel('demo');
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    api.on('GET', '/stripe/earnings', { body: { currency: 'eur', provider: 'demo', feePercent: 10, months: [], bundleShares: [] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Aún no tienes ingresos. Cuando alguien se suscriba a uno de tus agentes, o se cobre el uso de su API, lo verás aquí.')).toBeInTheDocument();
  });
});
