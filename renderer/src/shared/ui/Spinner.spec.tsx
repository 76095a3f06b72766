import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('is a status named after what is loading, so that screen readers say it', () => {
    renderWithProviders(<Spinner label="Cargando la conversación…" size="sm" />);
    expect(screen.getByRole('status', { name: 'Cargando la conversación…' })).toBeInTheDocument();
  });
});
