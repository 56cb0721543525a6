// /cuenta: the person's own data and rights over it. Edit name and phone and the adopter profile,
// change the password, sign out on every device, download everything stored, delete the account
// (password plus a confirmation). The page around it says what to do when this browser's session ends.
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AccountUser } from '@/shared/account';
import { PRIVACY_POLICY_PATH } from '@/shared/privacy';
import { AccountPage, AccountSection } from '@/components/account-page';
import { DataSection } from '@/features/account/components/data-section';
import { DeleteSection } from '@/features/account/components/delete-section';
import { PasswordSection } from '@/features/account/components/password-section';
import { ProfileSection } from '@/features/account/components/profile-section';
import {
  SessionsSection,
  type SessionEndReason,
} from '@/features/account/components/sessions-section';
import { AdopterProfileSection } from '@/features/adoption/components/adopter-profile-section';
import { AlertsSection } from '@/features/alerts/components/alerts-section';
import { AdoptionList } from '@/features/follow-up/components/adoption-list';

type AccountScreenProps = {
  /** This browser's session has ended (every session closed, or the account deleted). */
  onSessionEnded: (reason: SessionEndReason) => void;
  /** The account after a change of name or phone. */
  onProfileSaved?: (user: AccountUser) => void;
};

export function AccountScreen({ onSessionEnded, onProfileSaved }: AccountScreenProps) {
  return (
    <AccountPage
      title="Mi cuenta"
      intro={
        <>
          Tus datos, tu contraseña y tus derechos sobre tu información personal, según la{' '}
          <Anchor component={Link} to={PRIVACY_POLICY_PATH}>
            política de tratamiento de datos personales
          </Anchor>
          .
        </>
      }
    >
      <ProfileSection onSaved={onProfileSaved} />
      <AdopterProfileSection />
      <AlertsSection />
      <AccountSection id="adopciones" title="Mis adopciones">
        <AdoptionList role="adopter" label="Perros que adoptaste" />
      </AccountSection>
      <PasswordSection />
      <SessionsSection onSessionEnded={onSessionEnded} />
      <DataSection />
      <DeleteSection onSessionEnded={onSessionEnded} />
    </AccountPage>
  );
}
