// Organizations' requests: the public list and page, the caller's own organizations, members and
// invitations (the site admins' verification is the admin feature's).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { orgKeys } from '@/lib/query-keys';
import type { Dog } from '@/shared/dog';
import type {
  InvitationPreview,
  MyOrg,
  Org,
  OrgInput,
  OrgMember,
  OrgMembersResponse,
  OrgPage,
  OrgRole,
  OrgSummary,
  OrgUpdate,
} from '@/shared/org';
import { useSessionStore } from '@/stores/session-store';

export const orgListQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.list(),
    queryFn: ({ client }) => apiCall((api) => api.get('orgs').json<OrgSummary[]>(), client),
  });

export const orgPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: orgKeys.page(slug),
    queryFn: ({ client }) => apiCall((api) => api.get(`orgs/${slug}`).json<OrgPage>(), client),
  });

/** More of an organization's dogs, older than `before`. */
export function getOrgDogs(slug: string, before: number): Promise<Dog[]> {
  return apiCall((api) => api.get(`orgs/${slug}/dogs`, { searchParams: { before } }).json<Dog[]>());
}

export const myOrgsQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.mine(),
    queryFn: ({ client }) => apiCall((api) => api.get('me/orgs').json<MyOrg[]>(), client),
  });

export function useMyOrgs(enabled = true) {
  const logged = useSessionStore((state) => state.logged);
  return useQuery({ ...myOrgsQueryOptions(), enabled: logged && enabled });
}

export const membersQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: orgKeys.members(orgId),
    queryFn: ({ client }) =>
      apiCall((api) => api.get(`orgs/${orgId}/members`).json<OrgMembersResponse>(), client),
  });

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: orgKeys.invitation(token),
    queryFn: ({ client }) =>
      apiCall((api) => api.get(`org-invitations/${token}`).json<InvitationPreview>(), client),
    retry: false,
  });

export function useCreateOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrgInput) =>
      apiCall((api) => api.post('orgs', { json: input }).json<{ org: Org }>()).then((b) => b.org),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useUpdateOrg(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: OrgUpdate) =>
      apiCall((api) => api.patch(`orgs/${orgId}`, { json: update }).json<{ org: Org }>()).then(
        (b) => b.org,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useInvite(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiCall((api) => api.post(`orgs/${orgId}/members`, { json: { email } }).json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.members(orgId) }),
  });
}

export function useSetRole(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: OrgRole }) =>
      apiCall((api) =>
        api
          .patch(`orgs/${orgId}/members/${userId}`, { json: { role } })
          .json<{ member: OrgMember }>(),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useRemoveMember(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiCall((api) => api.delete(`orgs/${orgId}/members/${userId}`)).then(() => undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall((api) => api.post(`org-invitations/${token}/accept`).json<{ org: Org }>()).then(
        (b) => b.org,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
