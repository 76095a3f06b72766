import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { EntityAvatar, placeholderColor, placeholderInitial } from './EntityAvatar';

describe('EntityAvatar', () => {
  it('derives a stable colour and the initial from the name', () => {
    expect(placeholderColor('Asesor Legal')).toBe(placeholderColor('Asesor Legal'));
    expect(placeholderInitial('  ñandú')).toBe('Ñ');
    expect(placeholderInitial('')).toBe('?');
  });

  it('shows the placeholder when there is no picture', () => {
    const { container } = renderWithProviders(<EntityAvatar name="Asesor Legal" src={null} />);
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-placeholder="true"]')).toBeInTheDocument();
  });

  it('falls back to the placeholder when the picture fails to load', () => {
    const { container } = renderWithProviders(<EntityAvatar name="Bruno" src="https://cdn.example/bruno.png" />);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', 'https://cdn.example/bruno.png');
    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('B')).toBeInTheDocument();
  });
});
