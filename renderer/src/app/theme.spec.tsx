import { Anchor, DEFAULT_THEME, MantineProvider, Menu, PasswordInput, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { cssVariablesResolver, darkTextColors, focusRingColor, theme } from './theme';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

const dark = DEFAULT_THEME.colors.dark;
/** The surfaces text sits on: sidebar (8), body (7), cards and inputs (6), hovered rows (5). */
const surfaces = { 'dark-8': dark[8], 'dark-7': dark[7], 'dark-6': dark[6], 'dark-5': dark[5] };

describe('theme', () => {
  it('keeps placeholders placeholder-coloured in the error state, so empty fields do not look filled', () => {
    render(
      <MantineProvider theme={theme} defaultColorScheme="dark" env="test">
        <TextInput label="Correo electrónico" placeholder="tu@correo.com" error="Este campo es obligatorio." />
        <PasswordInput label="Contraseña" placeholder="********" error="Este campo es obligatorio." />
      </MantineProvider>,
    );
    for (const input of [screen.getByRole('textbox', { name: 'Correo electrónico' }), screen.getByLabelText('Contraseña')]) {
      const wrapper = input.closest<HTMLElement>('.mantine-Input-wrapper')!;
      expect(wrapper).toHaveAttribute('data-error', 'true');
      // Mantine's error rule sets --input-placeholder-color to the error colour on this wrapper.
      expect(wrapper.style.getPropertyValue('--input-placeholder-color')).toBe('var(--mantine-color-placeholder)');
    }
  });

  it.each(Object.entries(surfaces))('gives dimmed text, placeholders and errors AA contrast (4.5:1) on %s', (_name, surface) => {
    for (const colour of Object.values(darkTextColors)) {
      expect(contrast(colour, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(Object.entries(surfaces))('draws the focus ring at 3:1 or more against %s', (_name, surface) => {
    expect(contrast(focusRingColor, surface)).toBeGreaterThanOrEqual(3);
  });

  it('uses those colours for the dark scheme', () => {
    const { dark: darkVariables, variables } = cssVariablesResolver(theme as never);
    expect(darkVariables).toMatchObject({
      '--mantine-color-dimmed': darkTextColors.dimmed,
      '--mantine-color-placeholder': darkTextColors.placeholder,
      '--mantine-color-error': darkTextColors.error,
    });
    expect(variables['--app-focus-ring']).toBe(focusRingColor);
  });

  it('underlines links, so that a link inside a sentence differs by more than colour', () => {
    render(
      <MantineProvider theme={theme} defaultColorScheme="dark" env="test">
        <p>
          Lee la <Anchor href="/privacidad">política de privacidad</Anchor> antes de seguir.
        </p>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('data-underline', 'always');
  });

  it('puts only menu items inside a menu (no focus placeholder)', async () => {
    render(
      <MantineProvider theme={theme} defaultColorScheme="dark" env="test">
        <Menu opened>
          <Menu.Target>
            <button type="button">Acciones</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Renombrar</Menu.Item>
            <Menu.Item color="red.4">Eliminar</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </MantineProvider>,
    );
    const menu = await screen.findByRole('menu');
    expect([...menu.children].map((child) => child.getAttribute('role'))).toEqual(['menuitem', 'menuitem']);
  });
});
