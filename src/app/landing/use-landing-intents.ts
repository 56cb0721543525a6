// Acts on `?perro=<id>` and `?publicar=1` (landing-search.ts) once, then drops them from the
// address. The code that acts loads only when the address asks for something.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSessionStoreApi } from '@/stores/session-store';
import type { LandingSearch } from './landing-search';

export function useLandingIntents() {
  const { perro, publicar } = useSearch({ strict: false }) as LandingSearch;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const store = useSessionStoreApi();

  useEffect(() => {
    if (perro === undefined && publicar === undefined) return;
    let cancelled = false;
    void import('./landing-intents').then(({ actOnLandingSearch }) => {
      // A cleanup that ran meanwhile (React StrictMode, leaving the page) cancels it.
      if (cancelled) return;
      void navigate({ to: '.', search: {}, replace: true, resetScroll: false });
      actOnLandingSearch({ perro, publicar }, queryClient, store);
    });
    return () => {
      cancelled = true;
    };
  }, [perro, publicar, navigate, queryClient, store]);
}
