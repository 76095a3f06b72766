import { screen } from '@testing-library/react';
import { mockApi } from '../../../../test/api-mock';
import { agentFixture, page } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { PopularAgents } from './PopularAgents';

describe('PopularAgents', () => {
  it('shows the 4 most popular public agents that have a description, each linking to its marketplace page', async () => {
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([agentFixture()]) });
    renderWithProviders(<PopularAgents />);

    expect(await screen.findByRole('link', { name: 'Ver detalles: Asesor Legal' })).toHaveAttribute('href', '/marketplace/agent/agente-legal');
    expect(screen.getByRole('link', { name: 'Ver todo el marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(Object.fromEntries(api.calls[0]!.url.searchParams)).toEqual({ sortBy: 'popularity', limit: '4', described: 'true' });
  });

  it('shows the generated placeholder for an agent with no picture, never a blank', async () => {
    mockApi().on('GET', '/marketplace/agents', { body: page([agentFixture({ avatar: null })]) });
    renderWithProviders(<PopularAgents />);
    const card = await screen.findByRole('listitem', { name: 'Asesor Legal' });
    expect(card.querySelector('[data-placeholder="true"]')).toHaveTextContent('A');
  });
});
