import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { BETA_NOTICE_DISMISSED_KEY, BetaNotice } from './BetaNotice';

describe('BetaNotice', () => {
  it('names the product and closes for good when dismissed', () => {
    const { unmount } = renderWithProviders(<BetaNotice productName="Acme" />);
    expect(screen.getByText(/Acme está en fase beta/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso de beta' }));
    expect(screen.queryByText(/fase beta/)).not.toBeInTheDocument();
    expect(localStorage.getItem(BETA_NOTICE_DISMISSED_KEY)).toBe('true');

    unmount();
    renderWithProviders(<BetaNotice productName="Acme" />);
    expect(screen.queryByText(/fase beta/)).not.toBeInTheDocument();
  });
});
