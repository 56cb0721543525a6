// Mantine theme shared by the app and the test renderer: warm terracotta brand on a cream page.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Terracotta; shade 7 (#c2410c) keeps 5.2:1 contrast with white text (WCAG AA). */
const brand: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

/** Deep teal used for secondary accents; shade 7 has 5.5:1 contrast with white. */
const teal: MantineColorsTuple = [
  '#f0fdfa',
  '#ccfbf1',
  '#99f6e4',
  '#5eead4',
  '#2dd4bf',
  '#14b8a6',
  '#0d9488',
  '#0f766e',
  '#115e59',
  '#134e4a',
];

/** Red for errors and Eliminar: Mantine's default red is 3.8:1 on white; shade 7 here is 6.5:1. */
const red: MantineColorsTuple = [
  '#fef2f2',
  '#fee2e2',
  '#fecaca',
  '#fca5a5',
  '#f87171',
  '#ef4444',
  '#dc2626',
  '#b91c1c',
  '#991b1b',
  '#7f1d1d',
];

const systemFonts =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const theme = createTheme({
  colors: { brand, teal, red },
  primaryColor: 'brand',
  primaryShade: 7,
  black: '#2b1d16',
  fontFamily: systemFonts,
  headings: {
    fontFamily: `ui-rounded, 'Nunito', 'Arial Rounded MT Bold', ${systemFonts}`,
    fontWeight: '800',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    // Labels stay exactly the screen's words ("Nombre", not "Nombre *"); required fields
    // still get `required`/aria-required, and the dog form says "Obligatorio" in words.
    TextInput: { defaultProps: { withAsterisk: false } },
    Textarea: { defaultProps: { withAsterisk: false } },
  },
});
