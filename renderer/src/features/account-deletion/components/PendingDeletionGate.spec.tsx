import { fireEvent, screen } from '@testing-library/react';
import { jsonResponse } from '../../../../test/http';
import { renderWithProviders } from '../../../../test/render';
import { PendingDeletionGate } from './PendingDeletionGate';

describe('PendingDeletionGate', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
  });

  it('shows a signed-in account whose deletion is scheduled only the date, and the product again once cancelled', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { scheduledFor: '2026-12-28T12:00:00.000Z' })).mockResolvedValueOnce(jsonResponse(200, { scheduledFor: null }));
    const onSignOut = jest.fn();
    renderWithProviders(
      <PendingDeletionGate signedIn onSignOut={onSignOut}>
        <p>El producto</p>
      </PendingDeletionGate>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu cuenta se eliminará el 28 de diciembre de 2026.' })).toBeInTheDocument();
    expect(screen.queryByText('El producto')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(onSignOut).toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar la eliminación' }));
    expect(await screen.findByText('El producto')).toBeInTheDocument();
    const [cancel] = fetchMock.mock.calls[1] as [Request];
    expect([cancel.method, new URL(cancel.url).pathname]).toEqual(['POST', '/api/me/delete/cancel']);
  });

  it('shows the product to an account without a deletion, and asks nothing of a visitor', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { scheduledFor: null }));
    const { unmount } = renderWithProviders(
      <PendingDeletionGate signedIn onSignOut={jest.fn()}>
        <p>El producto</p>
      </PendingDeletionGate>,
    );
    expect(await screen.findByText('El producto')).toBeInTheDocument();
    unmount();
    fetchMock.mockClear();
    renderWithProviders(
      <PendingDeletionGate signedIn={false} onSignOut={jest.fn()}>
        <p>Portada</p>
      </PendingDeletionGate>,
    );
    expect(screen.getByText('Portada')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
