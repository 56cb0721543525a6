// GET /api/me/dogs: the logged-in person's own listings ("Mis publicaciones").
import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '@/stores/session-store';
import { myDogsQueryOptions } from './interest-keys';

export function useMyDogs() {
  const logged = useSessionStore((state) => state.logged);
  return useQuery({ ...myDogsQueryOptions(), enabled: logged });
}
