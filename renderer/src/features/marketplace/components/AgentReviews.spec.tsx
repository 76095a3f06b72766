import { screen, waitFor as waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { agentFixture } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { AgentCard } from './AgentCard';
import { AgentDetailPage } from './AgentDetail';

const EMPTY = { items: [], total: 0, page: 1, limit: 5, summary: { average: null, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }, mine: null };
const REVIEWED = {
  items: [
    {
      id: 'r-1',
      agentId: 'agente-legal',
      rating: 4,
      comment: 'Muy útil <b>de verdad</b>',
      author: { username: 'berta', name: 'berta' },
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
      reply: { text: '¡Gracias por probarlo!', createdAt: '2026-11-03T10:00:00.000Z', updatedAt: '2026-11-03T10:00:00.000Z' },
    },
    { id: 'r-2', agentId: 'agente-legal', rating: 5, comment: null, author: { username: 'carla', name: 'carla' }, createdAt: '2026-10-01T10:00:00.000Z', updatedAt: '2026-10-01T10:00:00.000Z', reply: null },
  ],
  total: 2,
  page: 1,
  limit: 5,
  summary: { average: 4.5, count: 2, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } },
  mine: null,
};
const BUYER = { userId: 'sub-berta', isAdmin: false };

describe('an agent’s reviews (issue 34)', () => {
  it("says 'Sin valoraciones' on the card and the detail of an agent nobody reviewed, and asks a visitor to sign in", async () => {
    mockApi()
      .on('GET', '/agents/agente-legal', { body: agentFixture({ rating: 0, ratingCount: 0 }) })
      .on('GET', '/agents/agente-legal/reviews', { body: EMPTY });
    renderWithProviders(<AgentDetailPage agentId="agente-legal" viewer={null} />);
    expect(await screen.findByText('Nadie ha valorado este agente todavía.')).toBeInTheDocument();
    expect(screen.getAllByText('Sin valoraciones').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Inicia sesión para valorar este agente.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publicar valoración' })).not.toBeInTheDocument();

    renderWithProviders(<AgentCard agent={agentFixture({ rating: 0, ratingCount: 0 })} />);
    expect(screen.getAllByText('Sin valoraciones').length).toBeGreaterThanOrEqual(3);
  });

  it('shows the summary with its histogram, the reviews as plain text with «editada» and the creator’s reply', async () => {
    mockApi()
      .on('GET', '/agents/agente-legal', { body: agentFixture({ rating: 4.5, ratingCount: 2 }) })
      .on('GET', '/agents/agente-legal/reviews', { body: REVIEWED });
    renderWithProviders(<AgentDetailPage agentId="agente-legal" viewer={BUYER} />);
    expect(await screen.findByTestId('rating-average')).toHaveTextContent('4,5 de 5');
    expect(screen.getByText('2 valoraciones')).toBeInTheDocument();
    const histogram = screen.getByRole('list', { name: 'Reparto de las valoraciones' });
    expect(within(histogram).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual([
      '5 estrellas: 1',
      '4 estrellas: 1',
      '3 estrellas: 0',
      '2 estrellas: 0',
      '1 estrella: 0',
    ]);
    const [first, second] = screen.getAllByTestId('review');
    expect(within(first).getByText('Muy útil <b>de verdad</b>')).toBeInTheDocument();
    expect(first.querySelector('b')).toBeNull();
    expect(first).toHaveTextContent('editada');
    expect(within(first).getByText('¡Gracias por probarlo!')).toBeInTheDocument();
    expect(second).toHaveTextContent('carla');
    expect(second).not.toHaveTextContent('editada');
    // A buyer may report a review, but not answer it.
    expect(within(first).getByRole('button', { name: 'Denunciar valoración' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Editar respuesta' })).not.toBeInTheDocument();
  });

  it('sends the stars and the comment, and shows the server’s refusal in Spanish', async () => {
    const user = userEvent.setup();
    const api = mockApi()
      .on('GET', '/agents/agente-legal', { body: agentFixture({ rating: 0, ratingCount: 0 }) })
      .on('GET', '/agents/agente-legal/reviews', { body: EMPTY })
      .on('POST', '/agents/agente-legal/reviews', { status: 403, body: { statusCode: 403, message: 'Solo puedes valorar agentes que has usado.', error: 'Forbidden', code: 'NotUsed' } });
    renderWithProviders(<AgentDetailPage agentId="agente-legal" viewer={BUYER} />);
    await user.click(await screen.findByRole('button', { name: 'Publicar valoración' }));
    expect(await screen.findByText('Elige de 1 a 5 estrellas.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents/agente-legal/reviews')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: '4 de 5 estrellas' }));
    expect(screen.getByRole('radio', { name: '4 de 5 estrellas' })).toHaveAttribute('aria-checked', 'true');
    await user.type(screen.getByLabelText('Comentario (opcional)'), '  Muy útil  ');
    await user.click(screen.getByRole('button', { name: 'Publicar valoración' }));
    expect(await screen.findByText('Solo puedes valorar agentes que has usado.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents/agente-legal/reviews')[0].body).toEqual({ rating: 4, comment: 'Muy útil' });
  });

  it('starts the form with the user’s own review, and offers to delete it only when there is one', async () => {
    const user = userEvent.setup();
    const api = mockApi()
      .on('GET', '/agents/agente-legal', { body: agentFixture({ rating: 4.5, ratingCount: 2 }) })
      .on('GET', '/agents/agente-legal/reviews', { body: { ...REVIEWED, mine: REVIEWED.items[0] } })
      .on('DELETE', '/agents/agente-legal/reviews/mine', { status: 204 });
    renderWithProviders(<AgentDetailPage agentId="agente-legal" viewer={BUYER} />);
    await waitFor(() => expect(screen.getByRole('radio', { name: '4 de 5 estrellas' })).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByLabelText('Comentario (opcional)')).toHaveValue('Muy útil <b>de verdad</b>');
    api.on('GET', '/agents/agente-legal/reviews', { body: { ...REVIEWED, items: REVIEWED.items.slice(1), total: 1, mine: null } });
    await user.click(screen.getByRole('button', { name: 'Borrar mi valoración' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Borrar mi valoración' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/agents/agente-legal/reviews/mine')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: '4 de 5 estrellas' })).toHaveAttribute('aria-checked', 'false');
  });

  it('lets the creator answer a review, and does not offer them the form to rate their own agent', async () => {
    const user = userEvent.setup();
    const api = mockApi()
      .on('GET', '/agents/agente-legal', { body: agentFixture({ rating: 4.5, ratingCount: 2, creatorId: 'sub-ana' }) })
      .on('GET', '/agents/agente-legal/reviews', { body: REVIEWED })
      .on('PUT', '/reviews/r-2/reply', { body: { ...REVIEWED.items[1], reply: { text: 'Gracias', createdAt: '2026-11-04T10:00:00.000Z', updatedAt: '2026-11-04T10:00:00.000Z' } } });
    renderWithProviders(<AgentDetailPage agentId="agente-legal" viewer={{ userId: 'sub-ana', isAdmin: false }} />);
    expect(await screen.findByText('Es tu agente: aquí verás las valoraciones de quienes lo usen y podrás responderlas.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publicar valoración' })).not.toBeInTheDocument();
    const second = screen.getAllByTestId('review')[1];
    await user.click(within(second).getByRole('button', { name: 'Responder' }));
    await user.type(within(second).getByLabelText('Tu respuesta pública'), 'Gracias');
    await user.click(within(second).getByRole('button', { name: 'Publicar respuesta' }));
    await waitFor(() => expect(api.callsTo('PUT', '/reviews/r-2/reply')).toHaveLength(1));
    expect(api.callsTo('PUT', '/reviews/r-2/reply')[0].body).toEqual({ text: 'Gracias' });
    // The answer is saved: the form closes and the reviews are read again.
    await waitFor(() => expect(within(second).queryByLabelText('Tu respuesta pública')).not.toBeInTheDocument());
  });
});
