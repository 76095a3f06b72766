import { createTheme, Input } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    // Mantine paints placeholders red in the error state, which makes an empty field look filled.
    Input: Input.extend({ styles: { wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } } }),
  },
});
