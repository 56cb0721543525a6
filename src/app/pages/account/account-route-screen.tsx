// /cuenta's screen with what ending the session or saving the profile does to the rest of the app
// (the session store, the cached queries, where to go next). Loaded with the page's code, not with
// the route file, which every page loads.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { applySession } from '@/lib/auth/apply-session';
import { sessionKeys } from '@/lib/auth/session-keys';
import type { AccountUser } from '@/shared/account';
import { useSessionStoreApi } from '@/stores/session-store';
import { accountKeys } from '@/lib/auth/account-keys';
import type { SessionEndReason } from '@/features/account/components/sessions-section';
import { AccountScreen } from './account-screen';

export function AccountRouteScreen() {
  const queryClient = useQueryClient();
  const store = useSessionStoreApi();
  const navigate = useNavigate();

  const onSessionEnded = (reason: SessionEndReason) => {
    queryClient.removeQueries({ queryKey: accountKeys.all });
    applySession(queryClient, store, null);
    void navigate({ to: reason === 'deleted' ? '/' : '/entrar', replace: true });
  };

  const onProfileSaved = (user: AccountUser) => {
    // The session's user, as the API gives it.
    const sessionUser = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      logged: true as const,
    };
    store.getState().setUser(sessionUser);
    queryClient.setQueryData(sessionKeys.me(), sessionUser);
    // Dogs carry their owner's name for logged-in visitors.
    void queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] !== sessionKeys.all[0] && query.queryKey[0] !== accountKeys.all[0],
    });
  };

  return <AccountScreen onSessionEnded={onSessionEnded} onProfileSaved={onProfileSaved} />;
}
