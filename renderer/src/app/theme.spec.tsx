import { MantineProvider, PasswordInput, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { theme } from './theme';

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
});
