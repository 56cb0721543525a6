// GET /api/site: the identity the footer and the privacy policy show is the configuration's
// (SITE_*), with the placeholders only where the host set nothing. On each database backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_SITE } from '../../src/shared/site';
import { makeApp, testConfig } from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';

describe.each(BACKENDS)('GET /api/site on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the configured identity to anyone', async () => {
    const app = await makeApp(t.db, {
      config: testConfig({}, { SITE_EMAIL: 'hola@refugio.example', SITE_CITY: 'Jamundí' }),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/site' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...PLACEHOLDER_SITE,
        email: 'hola@refugio.example',
        city: 'Jamundí',
      });
    } finally {
      await app.close();
    }
  });
});
