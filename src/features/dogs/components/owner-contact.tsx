// The owner's name and e-mail, as the dog's modal and page show them to logged-in visitors, and
// "Escribir por WhatsApp" when the owner gave a phone (the API sends it to logged-in requesters
// only): a wa.me link with a Spanish message naming the dog and its page.
import { Anchor, Group, Stack, Text, type StackProps } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconUser } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import type { DogOwner, DogSex } from '@/shared/dog';
import { SAFE_ADOPTION_PATH } from '@/shared/org-paths';

/** https://wa.me/573001234567?text=… for an E.164 phone, with the dog's page in the message. */
export function whatsAppLink(
  phone: string,
  dog: { id: number; name: string; sex?: DogSex | null },
  origin: string,
) {
  const pronoun = dog.sex === 'female' ? 'adoptarla' : 'adoptarlo';
  const text = `Hola, vi a ${dog.name} en Happy Dog y me interesa ${pronoun}. ${origin}/perros/${dog.id}`;
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

export function OwnerContact({
  user,
  dog,
  ...stack
}: { user: DogOwner; dog: { id: number; name: string; sex?: DogSex | null } } & StackProps) {
  // The site's public origin (PUBLIC_ORIGIN on the server, the page's own in the browser).
  const context = useRouter({ warn: false })?.options.context as { origin?: string } | undefined;
  const origin = context?.origin ?? globalThis.location?.origin ?? '';
  return (
    <Stack gap={4} {...stack}>
      <Group gap={6} wrap="nowrap">
        <IconUser size={18} aria-hidden="true" />
        <Text>{user.name}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconMail size={18} aria-hidden="true" />
        <Anchor href={`mailto:${user.email}`} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Anchor>
      </Group>
      {user.phone && (
        <Group gap={6} wrap="nowrap">
          <IconBrandWhatsapp size={18} aria-hidden="true" />
          <Anchor
            href={whatsAppLink(user.phone, dog, origin)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Escribir por WhatsApp
          </Anchor>
        </Group>
      )}
      <Text size="sm" mt={4} data-testid="safe-adoption-reminder">
        Adoptar nunca requiere pagar antes de conocer al perro, y no hay envíos.{' '}
        <Anchor href={SAFE_ADOPTION_PATH} inherit>
          Cómo adoptar seguro
        </Anchor>
      </Text>
    </Stack>
  );
}
