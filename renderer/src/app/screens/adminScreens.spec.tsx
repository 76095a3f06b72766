import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { RouteObject } from 'react-router-dom';
import { mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom } from '../../features/auth/state/authState';
import { routes } from '../routes/router';
import { AdminAgentsScreen, AdminUsersScreen } from './adminScreens';

// Only the route tree is under test; a real browser router would start navigating in jsdom.
jest.mock('react-router-dom', () => ({ ...jest.requireActual('react-router-dom'), createBrowserRouter: () => ({}) }));

const admin = (path: string) => `-admin${path}`;

function adminChildren(): RouteObject[] {
  const root = routes[0]!.children!.find((route) => route.path === '/admin')!;
  return root.children![0]!.children!;
}

describe('the admin screens', () => {
  it('every admin route loads a real screen from the admin chunk, none is a placeholder', async () => {
    const children = adminChildren();
    expect(children.map((route) => (route.index ? 'index' : route.path))).toEqual([
      'index',
      'users',
      'agents',
      'stripe',
      'stripe/balance-summary',
      'stripe/products',
      'stripe/customers',
      'stripe/transactions',
      'stripe/subscriptions',
      'audit',
      'moderation',
      'reports',
    ]);
    const screens = await import('./adminScreens');
    const exported = new Set(Object.values(screens));
    for (const route of children) {
      const loaded = (await (route.lazy as () => Promise<{ Component: unknown }>)()).Component;
      expect(exported.has(loaded as never)).toBe(true);
    }
  });

  it('give the agents screen the closed category list with its Spanish labels', async () => {
    mockApi().on('GET', admin('/agents'), {
      body: [{ id: 'a1', name: 'Asesor Financiero', category: 'finance', description: 'd', createdBy: 'system', isPublic: true }],
    });
    renderWithProviders(<AdminAgentsScreen />, { route: '/admin/agents' });
    const card = await screen.findByRole('listitem', { name: 'Asesor Financiero' });
    expect(within(card).getByText('Finanzas')).toBeInTheDocument();
  });

  it('keep the signed-in admin from disabling or demoting themselves', async () => {
    mockApi().on('GET', admin('/users'), {
      body: {
        items: [{ id: 'u1', username: 'jefa', email: 'jefa@example.com', contactName: null, status: 'confirmed', role: 'admin', createdAt: '2026-11-01T00:00:00Z' }],
        total: 1,
        page: 1,
        limit: 20,
      },
    });
    const store = createStore();
    store.set(authStateAtom, {
      isAuthenticated: true,
      isLoading: false,
      user: { userId: 'sub-1', username: 'jefa', email: 'jefa@example.com', role: 'admin' },
    });
    renderWithProviders(<AdminUsersScreen />, { store });
    expect(await screen.findByRole('button', { name: 'Deshabilitar a jefa' })).toBeDisabled();
  });
});
