// Photos in the dog form (upload with progress, reorder, remove, retry, limits, refusals), on the
// cards (<picture> with AVIF/WebP sources) and in the modal's gallery.
import { MantineProvider } from '@mantine/core';
import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { PhotoUploader } from '@/features/photos/components/photo-uploader';
import { uploadPhoto } from '@/features/photos/api/upload-photo';
import { createPhotoUploadStore } from '@/features/photos/hooks/photo-upload-store';
import { PHOTO_MESSAGES, type Photo } from '@/shared/photo';
import { theme } from '@/theme';
import { makeDog, makeUser } from '../support/factories';
import { apiError, mockPhoto } from '../support/msw/handlers';
import { mockDb, server } from '../support/msw/server';
import { deferred, findCarousel, renderApp, screen } from '../support/test-utils';

const jpegFile = (name: string, bytes = 2048) =>
  new File([new Uint8Array(bytes).fill(7)], name, { type: 'image/jpeg' });

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('textbox', { name: label });

async function openCreate() {
  const me = makeUser({ id: 7 });
  const view = renderApp({
    loggedInAs: me,
    dogs: [makeDog({ id: 1, name: 'Anterior', hostage_id: 99 })],
  });
  await screen.findByRole('button', { name: 'SALIR' });
  await findCarousel();
  await view.user.click(screen.getByRole('button', { name: 'DAR EN ADOPCIÓN' }));
  const dialog = await screen.findByRole('dialog', { name: 'Publicar en adopción' });
  await within(dialog).findByRole('textbox', { name: 'Nombre' });
  return { ...view, dialog, me };
}

/** The photo rows of the form, in order. */
const rows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Fotos del perro' })).getAllByRole('listitem');

describe('uploading in the dog form', () => {
  test('two photos upload, can be reordered and removed, and are published in that order', async () => {
    const { user, dialog } = await openCreate();
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/dog')
        bodies.push(await request.clone().json());
    });
    await user.upload(within(dialog).getByLabelText('Agregar fotos'), [
      jpegFile('patio.jpg'),
      jpegFile('sofa.jpg'),
      jpegFile('parque.jpg'),
    ]);
    await waitFor(() => expect(within(dialog).getAllByText('Lista')).toHaveLength(3));
    const [first, second, third] = rows(dialog);
    expect(first).toHaveAccessibleName('Foto 1 de 3 (portada)');
    expect(within(first!).getByText('Portada')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Mover antes' })).toBeDisabled();
    expect(within(third!).getByRole('button', { name: 'Mover después' })).toBeDisabled();

    // The second photo becomes the cover; the keyboard stays on the photo that moved.
    await user.click(within(second!).getByRole('button', { name: 'Mover antes' }));
    await waitFor(() =>
      expect(rows(dialog)[0]).toHaveAttribute('data-photo-key', second!.dataset.photoKey),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(rows(dialog)[0]!).getByRole('button', { name: 'Mover después' }),
      ),
    );
    expect(
      await within(dialog).findByText('Foto movida a la posición 1 de 3: ahora es la portada'),
    ).toBeInTheDocument();
    // The third one is taken out.
    await user.click(within(rows(dialog)[2]!).getByRole('button', { name: 'Quitar' }));
    expect(rows(dialog)).toHaveLength(2);

    await user.type(field(dialog, 'Nombre'), 'Lupe');
    await user.type(field(dialog, 'Ciudad'), 'Yumbo');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [photoA, photoB] = mockDb.photos;
    expect(bodies).toEqual([expect.objectContaining({ photo_ids: [photoB!.id, photoA!.id] })]);
    const card = await screen.findByRole('article', { name: 'Lupe' });
    const img = within(card).getByRole('img', { name: 'Lupe' });
    expect(img).toHaveAttribute('src', photoB!.url);
    const picture = img.closest('picture')!;
    expect(picture.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      photoB!.srcset.avif,
    );
    expect(picture.querySelector('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      photoB!.srcset.webp,
    );
    expect(img).toHaveAttribute('width', String(photoB!.width));
    expect(img).toHaveAttribute('height', String(photoB!.height));
  }, 40_000);

  test('a failed upload says so in Spanish and Reintentar sends it again', async () => {
    const { user, dialog } = await openCreate();
    let attempts = 0;
    server.use(
      http.post('/api/photos', () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.error() : undefined;
      }),
    );
    await user.upload(within(dialog).getByLabelText('Agregar fotos'), jpegFile('patio.jpg'));
    expect(await within(dialog).findByText(PHOTO_MESSAGES.uploadFailed)).toBeInTheDocument();

    // Publishing now would lose the photo: the form says what to do instead.
    await user.type(field(dialog, 'Nombre'), 'Lupe');
    await user.type(field(dialog, 'Ciudad'), 'Yumbo');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(
      await within(dialog).findByText('Reintenta o quita las fotos que no se pudieron subir'),
    ).toBeInTheDocument();
    expect(mockDb.dogs).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByText('Lista')).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(mockDb.photos).toHaveLength(1);
  });

  test("the server's refusal is shown on the photo; a file that is not an image never leaves", async () => {
    const { user, dialog } = await openCreate();
    server.use(http.post('/api/photos', () => apiError(413, PHOTO_MESSAGES.tooLarge)));
    await user.upload(within(dialog).getByLabelText('Agregar fotos'), jpegFile('enorme.jpg'));
    expect(await within(dialog).findByText(PHOTO_MESSAGES.tooLarge)).toBeInTheDocument();
    // One clean row: no picture that cannot be drawn, no Reintentar that could never work, and
    // Quitar takes it away.
    const [refused] = rows(dialog);
    expect(within(refused!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(refused!).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    await user.click(within(refused!).getByRole('button', { name: 'Quitar' }));
    expect(within(dialog).queryByRole('list', { name: 'Fotos del perro' })).not.toBeInTheDocument();

    server.resetHandlers();
    const input = within(dialog).getByLabelText('Agregar fotos');
    // The input asks for images; a file picked anyway (or dropped) is checked by type.
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['hola'], 'notas.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText(PHOTO_MESSAGES.notAnImage)).toBeInTheDocument();
    expect(mockDb.photos).toHaveLength(0);
  });

  test('at most six photos: extra ones are left out with a message and the button says so', async () => {
    const { user, dialog } = await openCreate();
    const files = Array.from({ length: 7 }, (_, i) => jpegFile(`foto-${i}.jpg`));
    await user.upload(within(dialog).getByLabelText('Agregar fotos'), files);
    expect(await within(dialog).findByText('Puedes agregar como máximo 6 fotos')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(rows(dialog)).toHaveLength(6);
    expect(within(dialog).getByRole('button', { name: 'Máximo 6 fotos' })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getAllByText('Lista')).toHaveLength(6));
    expect(mockDb.photos).toHaveLength(6);
  });

  test('while photos upload, Publicar waits, disabled, saying "Subiendo fotos…"', async () => {
    const { user, dialog } = await openCreate();
    const hold = deferred();
    server.use(
      http.post('/api/photos', async () => {
        await hold.promise;
        return undefined;
      }),
    );
    await user.upload(within(dialog).getByLabelText('Agregar fotos'), jpegFile('patio.jpg'));
    await user.type(field(dialog, 'Nombre'), 'Lupe');
    await user.type(field(dialog, 'Ciudad'), 'Yumbo');
    const waiting = within(dialog).getByRole('button', { name: 'Subiendo fotos…' });
    expect(waiting).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
    hold.release();
    expect(await within(dialog).findByText('Lista')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockDb.dogs.find((d) => d.name === 'Lupe')?.photos).toHaveLength(1);
  });

  test('the photos come first in the form', async () => {
    const { dialog } = await openCreate();
    const photos = within(dialog).getByRole('region', { name: 'Fotos' });
    const name = field(dialog, 'Nombre');
    expect(photos.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('Cerrar with unsaved changes asks "¿Descartar los cambios?"; without changes it just closes', async () => {
    const { user, dialog } = await openCreate();
    await user.type(field(dialog, 'Nombre'), 'Lupe');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    await user.click(within(confirm).getByRole('button', { name: 'Seguir editando' }));
    const back = await screen.findByRole('dialog', { name: 'Publicar en adopción' });
    expect(within(back).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Lupe');
    await user.click(within(back).getByRole('button', { name: 'Cerrar' }));
    const again = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    await user.click(within(again).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockDb.dogs).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'DAR EN ADOPCIÓN' }));
    const fresh = await screen.findByRole('dialog', { name: 'Publicar en adopción' });
    await within(fresh).findByRole('textbox', { name: 'Nombre' });
    await user.click(within(fresh).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
  test.each(['the X', 'Escape'])(
    '%s with unsaved changes asks "¿Descartar los cambios?" as Cerrar does',
    async (how) => {
      const { user, dialog } = await openCreate();
      const close = async (modal: HTMLElement) => {
        if (how === 'Escape') await user.keyboard('{Escape}');
        else await user.click(within(modal).getByRole('button', { name: 'Cerrar ventana' }));
      };
      await user.type(field(dialog, 'Nombre'), 'Lupe');
      await close(dialog);
      const confirm = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
      await user.click(within(confirm).getByRole('button', { name: 'Seguir editando' }));
      const back = await screen.findByRole('dialog', { name: 'Publicar en adopción' });
      expect(within(back).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Lupe');
      await close(back);
      const again = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
      await user.click(within(again).getByRole('button', { name: 'Descartar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(mockDb.dogs).toHaveLength(1);

      // Without changes it just closes.
      await user.click(screen.getByRole('button', { name: 'DAR EN ADOPCIÓN' }));
      const fresh = await screen.findByRole('dialog', { name: 'Publicar en adopción' });
      await within(fresh).findByRole('textbox', { name: 'Nombre' });
      await close(fresh);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
  );
});

describe('upload progress', () => {
  test('each photo shows how much of it has been sent', async () => {
    const progress: Array<(fraction: number) => void> = [];
    const finish: Array<(photo: Photo) => void> = [];
    const store = createPhotoUploadStore([], {
      upload: (_file, { onProgress } = {}) =>
        new Promise<Photo>((resolve) => {
          progress.push(onProgress!);
          finish.push(resolve);
        }),
    });
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme} env="test">
        <PhotoUploader store={store} name="Lupe" />
      </MantineProvider>,
    );
    await user.upload(screen.getByLabelText('Agregar fotos'), jpegFile('patio.jpg'));
    await waitFor(() => expect(progress).toHaveLength(1));
    progress[0]!(0.4);
    expect(await screen.findByText('Subiendo… 40 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progreso de patio.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    progress[0]!(0.9);
    expect(await screen.findByText('Subiendo… 90 %')).toBeInTheDocument();
    finish[0]!(mockPhoto(5));
    expect(await screen.findByText('Lista')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(store.photoIds()).toEqual([5]);
  });

  test('uploadPhoto sends the file as multipart field `file` and reports the upload progress', async () => {
    let received: FormDataEntryValue | null = null;
    server.use(
      http.post('/api/photos', async ({ request }) => {
        received = (await request.formData()).get('file');
        return HttpResponse.json({ photo: mockPhoto(9) }, { status: 201 });
      }),
    );
    const fractions: number[] = [];
    const photo = await uploadPhoto(jpegFile('patio.jpg', 5000), {
      onProgress: (f) => fractions.push(f),
    });
    expect(photo.id).toBe(9);
    // A file part (jsdom's XMLHttpRequest does not carry the file's name through to MSW).
    expect(received).toMatchObject({ type: 'image/jpeg' });
    expect(fractions.at(-1)).toBe(1);
  });
});

describe('photos of a published dog', () => {
  const photos = [mockPhoto(1), mockPhoto(2, 960, 1280)];

  test('editing keeps the photos, in order, and sends their ids back', async () => {
    const me = makeUser({ id: 7 });
    const dog = makeDog({ id: 3, name: 'Sol', hostage_id: 7, photos });
    const { user } = renderApp({
      loggedInAs: me,
      dogs: [dog],
      photos: photos.map((p) => ({ ...p, ownerId: 7 })),
    });
    const card = await screen.findByRole('article', { name: 'Sol' });
    await user.click(within(card).getByRole('button', { name: 'EDITAR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar información de Sol' });
    await within(dialog).findByRole('list', { name: 'Fotos del perro' });
    expect(rows(dialog)).toHaveLength(2);
    // The typed URL field is left as the owner typed it (empty), not the cover's URL.
    expect(field(dialog, 'Imagen (URL)')).toHaveValue('');
    await user.click(within(rows(dialog)[1]!).getByRole('button', { name: 'Mover antes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockDb.dogs[0]!.photos!.map((p) => p.id)).toEqual([2, 1]);
  });

  test('the card shows the cover as a responsive picture, lazily (the carousel is below the hero); the modal a gallery', async () => {
    const dog = makeDog({ id: 3, name: 'Sol', hostage_id: 99, photos });
    const { user } = renderApp({ dogs: [dog, makeDog({ id: 1, name: 'Sin fotos' })] });
    const card = await screen.findByRole('article', { name: 'Sol' });
    const img = within(card).getByRole('img', { name: 'Sol' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).toHaveAttribute('sizes');
    expect(img.closest('picture')!.querySelectorAll('source')).toHaveLength(2);
    // A dog without photos keeps the local placeholder.
    const plain = await screen.findByRole('article', { name: 'Sin fotos' });
    expect(within(plain).getByRole('img', { name: 'Sin fotos' })).toHaveAttribute(
      'src',
      '/dog-placeholder.svg',
    );

    await user.click(within(card).getByRole('button', { name: 'Info Dog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Información de Sol' });
    const gallery = await within(dialog).findByRole('region', { name: 'Fotos de Sol' });
    expect(within(gallery).getByRole('img', { name: 'Sol, foto 1 de 2' })).toHaveAttribute(
      'loading',
      'eager',
    );
    expect(within(gallery).getByRole('img', { name: 'Sol, foto 2 de 2' })).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(within(gallery).getByRole('button', { name: 'Foto siguiente' })).toBeInTheDocument();
    // Viewing is not editing: no uploader.
    expect(within(dialog).queryByLabelText('Agregar fotos')).not.toBeInTheDocument();
  });
});
