// /fundaciones/$slug/integrantes: the organization's members (only they see this page and each
// other's e-mails). Admins invite by e-mail, make someone admin or member, and remove people;
// anyone may leave. The last admin is asked to name another first (the API says so).
import '@mantine/core/styles/Input.css';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { notify } from '@/components/overlays/overlays';
import { FormError } from '@/components/form-parts';
import { AccountPage, AccountSection } from '@/components/account-page';
import { ORG_ROLE_LABELS, orgPath, type MyOrg, type OrgMember } from '@/shared/org';
import { emailSchema } from '@/shared/user';
import { useSessionStore } from '@/stores/session-store';
import {
  membersQueryOptions,
  useInvite,
  useMyOrgs,
  useRemoveMember,
  useSetRole,
} from '../api/orgs';
import classes from './orgs.module.css';

function InviteForm({ org }: { org: MyOrg }) {
  const invite = useInvite(org.id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'El correo electrónico no es válido');
      return;
    }
    setError(null);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setEmail('');
        notify({
          color: 'teal',
          title: 'Invitación enviada',
          message: `Le enviamos a ${parsed.data} un enlace para unirse a ${org.name}.`,
        });
      },
      onError: (e) => setError(e.message),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Invitar a una persona">
      <Stack gap="sm">
        <TextInput
          label="Correo de la persona"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          aria-describedby="invite-error"
        />
        <FormError id="invite-error" message={error} />
        <Group>
          <Button type="submit" loading={invite.isPending}>
            Enviar invitación
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MemberRow({ org, member, me }: { org: MyOrg; member: OrgMember; me: number }) {
  const setRole = useSetRole(org.id);
  const remove = useRemoveMember(org.id);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const isMe = member.user_id === me;
  const admin = org.role === 'admin';
  const onError = (e: Error) => setError(e.message);
  return (
    <li>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={700}>
            {member.name}
            {isMe && ' (tú)'}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
          <Badge variant="light" color={member.role === 'admin' ? 'brand' : 'gray'} mt={4}>
            {ORG_ROLE_LABELS[member.role]}
          </Badge>
        </div>
        <Group gap="xs">
          {admin && !isMe && (
            <Button
              size="xs"
              variant="default"
              loading={setRole.isPending}
              onClick={() =>
                setRole.mutate(
                  { userId: member.user_id, role: member.role === 'admin' ? 'member' : 'admin' },
                  { onError },
                )
              }
            >
              {member.role === 'admin' ? 'Quitar administración' : 'Hacer administrador'}
            </Button>
          )}
          {(admin || isMe) && (
            <Button
              size="xs"
              variant="default"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(member.user_id, {
                  onError,
                  onSuccess: () => {
                    if (isMe) void navigate({ to: orgPath(org.slug) });
                  },
                })
              }
            >
              {isMe ? 'Salir de la organización' : `Sacar a ${member.name}`}
            </Button>
          )}
        </Group>
      </Group>
      <FormError id={`member-${member.user_id}-error`} message={error} />
    </li>
  );
}

export function OrgMembersScreen({ slug }: { slug: string }) {
  const mine = useMyOrgs();
  const me = Number(useSessionStore((state) => state.id));
  const org = mine.data?.find((o) => o.slug === slug);
  const members = useQuery({ ...membersQueryOptions(org?.id ?? 0), enabled: !!org });
  if (mine.isPending) return <AccountPage title="Integrantes">{null}</AccountPage>;
  if (!org) {
    return (
      <AccountPage title="Integrantes">
        <Alert color="yellow" mt="lg" title="No haces parte de esta organización">
          Solo sus integrantes pueden ver esta página.{' '}
          <Anchor component={Link} to={orgPath(slug)} inherit>
            Ver su página pública
          </Anchor>
        </Alert>
      </AccountPage>
    );
  }
  return (
    <AccountPage
      title={`Integrantes de ${org.name}`}
      intro={
        <Anchor component={Link} to={orgPath(org.slug)}>
          Ver la página pública
        </Anchor>
      }
    >
      {org.role === 'admin' && (
        <AccountSection id="invite" title="Invitar a una persona">
          <Text size="sm" mb="sm">
            Le llegará un enlace por correo; lo acepta con su cuenta de Happy Dog de esa misma
            dirección. Las personas de la organización pueden publicar perros a su nombre, editarlos
            y responder sus solicitudes.
          </Text>
          <InviteForm org={org} />
        </AccountSection>
      )}
      <AccountSection id="members" title="Personas">
        {members.isError && <Alert color="red">{members.error.message}</Alert>}
        {members.data && (
          <ul className={classes.members} aria-label="Integrantes">
            {members.data.members.map((member) => (
              <MemberRow key={member.user_id} org={org} member={member} me={me} />
            ))}
          </ul>
        )}
        {members.data && members.data.invitations.length > 0 && (
          <>
            <Text fw={700} mt="md">
              Invitaciones pendientes
            </Text>
            <ul className={classes.members} aria-label="Invitaciones pendientes">
              {members.data.invitations.map((invitation) => (
                <li key={invitation.id}>{invitation.email}</li>
              ))}
            </ul>
          </>
        )}
      </AccountSection>
    </AccountPage>
  );
}
