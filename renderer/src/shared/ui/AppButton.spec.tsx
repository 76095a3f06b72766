import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { AppButton, type AppButtonVariant } from './AppButton';

describe('AppButton', () => {
  it.each<[AppButtonVariant, string, string]>([
    ['primary', 'filled', 'indigo'],
    ['outline', 'outline', 'indigo'],
    ['danger', 'outline', 'red'],
    ['warning', 'filled', 'yellow'],
  ])('renders the %s variant as %s %s', (variant, mantineVariant, color) => {
    renderWithProviders(<AppButton variant={variant}>Guardar</AppButton>);

    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button).toHaveAttribute('data-variant', mantineVariant);
    expect(button.getAttribute('style')).toContain(`--mantine-color-${color}-`);
  });

  it('defaults to primary and reacts to clicks', async () => {
    const onClick = jest.fn();
    renderWithProviders(<AppButton onClick={onClick}>Guardar</AppButton>);

    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button).toHaveAttribute('data-app-variant', 'primary');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is dimmed to 0.55 opacity and inert when disabled', async () => {
    const onClick = jest.fn();
    renderWithProviders(
      <AppButton variant="danger" disabled onClick={onClick}>
        Eliminar
      </AppButton>,
    );

    const button = screen.getByRole('button', { name: 'Eliminar' });
    expect(button).toBeDisabled();
    expect(button).toHaveStyle({ opacity: '0.55' });
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is fully opaque when enabled', () => {
    renderWithProviders(<AppButton>Guardar</AppButton>);

    expect(screen.getByRole('button', { name: 'Guardar' })).not.toHaveStyle({ opacity: '0.55' });
  });
});
