// /adoptar-seguro: adopting never requires paying before meeting the dog, there is no shipping,
// the signs of the "puppies in adoption, pay the transport" scam, and how to report a listing.
import { Anchor, List, Text, Title } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { Link } from '@tanstack/react-router';
import { AccountPage, AccountProse } from '@/components/account-page';
import { useSite } from '@/lib/site';
import { SITE_NAME } from '@/shared/site';

export function SafeAdoptionScreen() {
  const site = useSite();
  return (
    <AccountPage
      title="Adoptar seguro"
      intro="Adoptar es gratis y empieza por conocer al perro. Así reconoces una estafa y la reportas."
    >
      <AccountProse>
        <Title order={2}>Las reglas de {SITE_NAME}</Title>
        <List>
          <List.Item>
            <strong>Nunca pagas antes de conocer al perro.</strong> Nadie puede pedirte dinero por
            Nequi, Daviplata, transferencia o consignación para «separarlo», ni un anticipo.
          </List.Item>
          <List.Item>
            <strong>No hay envíos.</strong> Los perros no se mandan por transportadora ni en bus:
            conoces al perro en persona, en Cali o donde esté, y te lo llevas tú.
          </List.Item>
          <List.Item>
            <strong>Adoptar no es comprar.</strong> Una fundación puede pedirte después, con recibo,
            un aporte por la esterilización o las vacunas, pero nunca un «precio».
          </List.Item>
          <List.Item>
            Las organizaciones con la insignia <strong>Verificada</strong> fueron revisadas por el
            equipo de {SITE_NAME}. Puedes conocerlas en{' '}
            <Anchor component={Link} to="/fundaciones" inherit>
              fundaciones y rescatistas
            </Anchor>
            .
          </List.Item>
        </List>

        <Title order={2}>Señales de estafa</Title>
        <List>
          <List.Item>Cachorros «de raza» en adopción, con fotos de catálogo.</List.Item>
          <List.Item>
            Te piden pagar el transporte, el carnet de vacunas o la «jaula» antes de verlo.
          </List.Item>
          <List.Item>Dicen estar en otra ciudad y ofrecen mandarlo.</List.Item>
          <List.Item>Te apuran: «hay otras familias interesadas, paga hoy».</List.Item>
        </List>

        <Title order={2}>Cómo reportar</Title>
        <Text>
          En la página de cada perro está el botón «Reportar»: elige el motivo y cuéntanos qué pasó.
          El equipo revisa cada reporte y puede ocultar la publicación y bloquear la cuenta.{' '}
          {SITE_NAME} también revisa automáticamente las publicaciones que piden dinero u ofrecen
          envíos, y las que usan fotos de otras cuentas.
          {site && (
            <>
              {' '}
              Si ya pagaste o te amenazaron, escríbenos a{' '}
              <Anchor href={`mailto:${site.email}`} inherit>
                {site.email}
              </Anchor>{' '}
              y denuncia en la Policía (línea 123) o en el CAI virtual.
            </>
          )}
        </Text>
      </AccountProse>
    </AccountPage>
  );
}
