// Query keys of the admin console.
export const adminKeys = {
  all: ['admin'] as const,
  reports: () => [...adminKeys.all, 'reports'] as const,
  lostFoundFlags: () => [...adminKeys.all, 'lost-found-flags'] as const,
  hiddenDogs: () => [...adminKeys.all, 'hidden-dogs'] as const,
  blockedUsers: () => [...adminKeys.all, 'blocked-users'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  failedJobs: () => [...adminKeys.all, 'jobs', 'failed'] as const,
};
