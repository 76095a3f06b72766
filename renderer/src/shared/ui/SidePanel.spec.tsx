import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { SidePanel } from './SidePanel';

describe('SidePanel', () => {
  it('shows the title and content, and closes with the Cerrar button', async () => {
    const onClose = jest.fn();
    renderWithProviders(
      <SidePanel opened onClose={onClose} title="Claves de API">
        <p>Detalle</p>
      </SidePanel>,
    );

    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('Claves de API')).toBeInTheDocument();
    expect(screen.getByText('Detalle')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    renderWithProviders(
      <SidePanel opened={false} onClose={() => undefined} title="Claves de API">
        <p>Detalle</p>
      </SidePanel>,
    );

    expect(screen.queryByText('Detalle')).not.toBeInTheDocument();
  });
});
