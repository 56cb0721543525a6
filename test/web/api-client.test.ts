// The one HTTP client: `{error}` bodies become ApiError messages; other failures get Spanish ones.
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { apiCall, ApiError, OFFLINE_MESSAGE } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { server } from '../support/msw/server';

describe('api client', () => {
  test("turns an {error} body into an ApiError with the server's message and status", async () => {
    server.use(
      http.get('/api/prueba', () =>
        HttpResponse.json({ error: 'Origen no permitido' }, { status: 403 }),
      ),
    );
    const error = await apiCall((api) => api.get('prueba').json()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Origen no permitido', status: 403 });
  });

  test('a failure without a JSON body gets a Spanish message', async () => {
    server.use(
      http.get('/api/prueba', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await apiCall((api) => api.get('prueba').json()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 502,
      message: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
    });
  });

  test('a network failure says the server could not be reached', async () => {
    server.use(http.get('/api/prueba', () => HttpResponse.error()));
    const error = await apiCall((api) => api.get('prueba').json()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 0,
      message: expect.stringMatching(/No se pudo conectar con el servidor/),
    });
  });

  describe('offline', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      onlineManager.setOnline(true);
    });

    test('a mutation fails at once saying there is no connection, instead of waiting', async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      // What the browser's 'offline' event tells TanStack Query.
      onlineManager.setOnline(false);
      server.use(http.post('/api/prueba', () => HttpResponse.error()));
      const client = createQueryClient();
      const mutation = client.getMutationCache().build(client, {
        mutationFn: () => apiCall((api) => api.post('prueba', { json: {} }).json()),
      });
      const error = await mutation.execute(undefined).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 0, message: OFFLINE_MESSAGE });
    });
  });

  test('does not retry a failed mutation', async () => {
    let calls = 0;
    server.use(
      http.post('/api/prueba', () => {
        calls += 1;
        return HttpResponse.json({ error: 'Error interno del servidor' }, { status: 503 });
      }),
    );
    await apiCall((api) => api.post('prueba', { json: {} }).json()).catch(() => undefined);
    expect(calls).toBe(1);
  });
});
