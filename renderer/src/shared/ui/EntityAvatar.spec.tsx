import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { EntityAvatar, placeholderInitial } from './EntityAvatar';

/** The placeholder's background, as Mantine paints it. */
const background = (name: string, index = 0) => screen.getAllByTitle(name)[index]!.parentElement!.style.getPropertyValue('--avatar-bg');

describe('EntityAvatar', () => {
  it('takes the initial from the name', () => {
    expect(placeholderInitial('  ñandú')).toBe('Ñ');
    expect(placeholderInitial('')).toBe('?');
  });

  it('paints a name in its own colour, the same wherever the avatar appears', () => {
    renderWithProviders(
      <>
        <EntityAvatar name="Asesor Legal" src={null} size={48} />
        <EntityAvatar name="Asesor Legal" src={null} size={22} />
        <EntityAvatar name="Bruno" src={null} size={48} />
      </>,
    );
    expect(background('Asesor Legal', 0)).toBe('var(--mantine-color-grape-filled)');
    expect(background('Asesor Legal', 1)).toBe('var(--mantine-color-grape-filled)');
    expect(background('Bruno')).toBe('var(--mantine-color-blue-filled)');
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
