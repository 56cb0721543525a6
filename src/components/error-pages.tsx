// The pages shown instead of a screen: something the visitor asked for does not exist (404), or
// drawing the screen failed. Both in Spanish, both with a way back.
import { Container, Group, Stack, Text, Title } from './first-view';
import { PlainButton, PlainButtonLink } from './plain-button';
import type { ReactNode } from 'react';

function Page({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <main id="contenido" tabIndex={-1}>
      <Container size="sm" py={96}>
        <Stack>
          <Title order={1}>{title}</Title>
          {children}
          <Group>{actions}</Group>
        </Stack>
      </Container>
    </main>
  );
}

export function NotFoundPage({
  title = 'Página no encontrada',
  message,
  action,
}: {
  title?: string;
  message?: string;
  /** A way on besides going home (e.g. the catalogue). */
  action?: ReactNode;
}) {
  return (
    <Page
      title={title}
      actions={
        <>
          {action}
          <PlainButtonLink to="/" variant={action ? 'default' : 'filled'}>
            Volver al inicio
          </PlainButtonLink>
        </>
      }
    >
      <Text>{message ?? 'La dirección que buscas no existe o fue retirada.'}</Text>
    </Page>
  );
}

export function ErrorPage({ reset }: { error: unknown; reset?: () => void }) {
  return (
    <Page
      title="Algo salió mal"
      actions={
        <>
          {reset && <PlainButton onClick={reset}>Reintentar</PlainButton>}
          <PlainButtonLink to="/" variant="default">
            Volver al inicio
          </PlainButtonLink>
        </>
      }
    >
      <Text>No pudimos mostrar esta página. Inténtalo de nuevo en un momento.</Text>
    </Page>
  );
}

/** A logged-in visitor asked for a page their account may not see (403). */
export function ForbiddenPage({ message }: { message: string }) {
  return (
    <Page
      title="No tienes acceso a esta página"
      actions={<PlainButtonLink to="/">Volver al inicio</PlainButtonLink>}
    >
      <Text>{message}</Text>
    </Page>
  );
}
