import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../guards/RequireAuth';
import { routes } from './router';

// Only the route tree is under test; a real browser router would start navigating in jsdom.
jest.mock('react-router-dom', () => ({ ...jest.requireActual('react-router-dom'), createBrowserRouter: () => ({}) }));

/** The chain of routes leading to `path`, outermost first. */
function chainTo(path: string, list: RouteObject[] = routes, parents: RouteObject[] = []): RouteObject[] | null {
  for (const route of list) {
    const chain = [...parents, route];
    if (route.path === path) return chain;
    const found = route.children ? chainTo(path, route.children, chain) : null;
    if (found) return found;
  }
  return null;
}

const guarded = (path: string) => chainTo(path)!.some((route) => (route.element as { type?: unknown } | undefined)?.type === RequireAuth);

describe('routes', () => {
  it('let visitors browse the marketplace, its agents, ecosystems and cart', () => {
    const marketplace = chainTo('/marketplace')!;
    expect(guarded('/marketplace')).toBe(false);
    const children = marketplace[marketplace.length - 1]!.children!;
    expect(children.map((route) => (route.index ? 'index' : route.path))).toEqual(['index', 'agent/:id', 'ecosystem/:id', 'shopping-cart']);
  });

  it('keep the office and the agent page for signed-in users', () => {
    expect(guarded('/my-office')).toBe(true);
    expect(guarded('/agentes/:agentId')).toBe(true);
  });
});
