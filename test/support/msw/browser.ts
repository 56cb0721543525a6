// `npm run dev:mock`: the API answered by MSW's service worker in the browser, no server needed.
// The data survives reloads in sessionStorage, like a session cookie would.
import { setupWorker } from 'msw/browser';
import { DEMO_LOGIN, demoSeed } from './demo-data';
import { createHandlers } from './handlers';
import { MockDb, type MockSnapshot } from './mock-db';

const STORAGE_KEY = 'happy-dog-mock-api';

function load(db: MockDb) {
  try {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    if (saved) db.restore(JSON.parse(saved) as MockSnapshot);
  } catch {
    // Corrupt or unavailable storage: start from the demo data.
  }
}

export async function startMockWorker() {
  const db = new MockDb(demoSeed);
  load(db);
  const save = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(db.snapshot()));
  const worker = setupWorker(...createHandlers(db, { latency: 400, onChange: save }));
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  });
  console.info(
    `[dev:mock] API simulada con MSW. Cuenta de prueba: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`,
  );
}
