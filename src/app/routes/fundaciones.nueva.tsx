// `/fundaciones/nueva`: registering an organization (logged in; anonymous visitors go to /entrar
// and come back).
import { createFileRoute } from '@tanstack/react-router';
import { OrgFormScreen } from '@/features/orgs/components/org-form-screen';
import { loginFirst, privateHead } from '@/lib/auth/private-page';

export const Route = createFileRoute('/fundaciones/nueva')({
  beforeLoad: loginFirst('/fundaciones/nueva'),
  head: privateHead('Registrar una organización'),
  component: OrgFormScreen,
});
