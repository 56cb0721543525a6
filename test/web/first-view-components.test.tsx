// The first download's stand-ins for Mantine's layout and type components draw exactly what
// Mantine draws for the same props (its classes and variables, so its stylesheets apply alike).
import * as Mantine from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as Light from '@/components/first-view';
import { theme } from '@/theme';

const html = (element: ReactElement) =>
  renderToStaticMarkup(<MantineProvider theme={theme}>{element}</MantineProvider>)
    // Mantine's provider adds its <style> tags; only the component's markup is compared.
    .replace(/<style[^>]*>[^<]*<\/style>/g, '');

describe('first-view components', () => {
  const cases: Array<[string, ReactElement, ReactElement]> = [
    [
      'Container',
      <Mantine.Container size="lg" className="x">
        a
      </Mantine.Container>,
      <Light.Container size="lg" className="x">
        a
      </Light.Container>,
    ],
    [
      'Container with vertical padding',
      <Mantine.Container size="sm" py={96}>
        a
      </Mantine.Container>,
      <Light.Container size="sm" py={96}>
        a
      </Light.Container>,
    ],
    [
      'Title',
      <Mantine.Title order={2} id="t" className="x">
        a
      </Mantine.Title>,
      <Light.Title order={2} id="t" className="x">
        a
      </Light.Title>,
    ],
    [
      'Text',
      <Mantine.Text className="x">a</Mantine.Text>,
      <Light.Text className="x">a</Light.Text>,
    ],
    [
      'Text with a bottom margin',
      <Mantine.Text mb="lg">a</Mantine.Text>,
      <Light.Text mb="lg">a</Light.Text>,
    ],
    [
      'Stack',
      <Mantine.Stack gap="md" align="flex-start">
        a
      </Mantine.Stack>,
      <Light.Stack>a</Light.Stack>,
    ],
    ['Group', <Mantine.Group>a</Mantine.Group>, <Light.Group>a</Light.Group>],
    [
      'Center',
      <Mantine.Center mih="60vh" role="status">
        a
      </Mantine.Center>,
      <Light.Center mih="60vh" role="status">
        a
      </Light.Center>,
    ],
    [
      'VisuallyHidden',
      <Mantine.VisuallyHidden>a</Mantine.VisuallyHidden>,
      <Light.VisuallyHidden>a</Light.VisuallyHidden>,
    ],
  ];

  it.each(cases)('%s', (_name, mantine, light) => {
    expect(html(light)).toBe(html(mantine));
  });

  it.each([false, true])('Burger, opened: %s', (opened) => {
    const props = {
      className: 'x',
      onClick: () => {},
      'aria-label': 'Menú',
      'aria-expanded': opened,
      'aria-controls': 'm',
    };
    expect(html(<Light.Burger opened={opened} {...props} />)).toBe(
      html(<Mantine.Burger opened={opened} size="sm" {...props} />),
    );
  });
});
