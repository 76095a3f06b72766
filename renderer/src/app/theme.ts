import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Text colours of the dark theme that Mantine's defaults leave below WCAG AA (4.5:1) on the app's
 * surfaces (body dark-7 #242424, cards and inputs dark-6 #2e2e2e, hovered rows dark-5 #3b3b3b):
 * dimmed text (dark-2, 3.5:1 on a card), placeholders (dark-3, 2.5:1) and errors (red-8, 3:1).
 * Placeholders stay a step below dimmed text, which stays below the text colour (dark-0).
 * theme.spec.tsx checks every pair.
 */
export const darkTextColors = {
  dimmed: '#adadad',
  placeholder: '#a6a6a6',
  error: '#ff8787',
} as const;

/** The keyboard focus ring (global.css): light indigo, over 3:1 against every dark surface. */
export const focusRingColor = '#91a7ff';

/** Passed to MantineProvider next to the theme. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--app-focus-ring': focusRingColor },
  light: {},
  dark: {
    '--mantine-color-dimmed': darkTextColors.dimmed,
    '--mantine-color-placeholder': darkTextColors.placeholder,
    '--mantine-color-error': darkTextColors.error,
  },
});

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  // Keyboard users see where they are; a pointer click leaves no ring (global.css sets its colour).
  focusRing: 'auto',
  // Plain objects, not Menu.extend(…): importing a component here would put it (and the floating
  // layer under menus and tooltips) in the entry script that every first screen waits for.
  components: {
    // Mantine paints placeholders red in the error state, which makes an empty field look filled.
    Input: { styles: { wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } } },
    // A link inside a sentence must differ from it by more than colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Mantine's focus placeholder is a <div> inside role="menu", which only menu items may be
    // (axe aria-required-children); the first item takes the focus instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});
