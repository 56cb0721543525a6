// /privacidad: the personal data policy (Ley 1581 de 2012 and its regulation): who is
// responsible, which data and why, the person's rights and how to exercise them, and the version
// a person accepts when registering.
import { Anchor, List, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import '@mantine/core/styles/List.css';
import { SITE_NAME } from '@/shared/site';
import { formatDay } from '@/shared/spanish-date';
import { useSite } from '@/lib/site';
import { PRIVACY_POLICY } from '@/shared/privacy';
import { AccountPage, AccountProse } from '@/components/account-page';

/** "2026-11-23" as "23 de noviembre de 2026", the same on the server and in every browser. */
export const spanishDate = formatDay;

export function PrivacyPolicyScreen() {
  // The data controller's details are the site's configuration.
  const site = useSite();
  const mail = site ? (
    <Anchor href={`mailto:${site.email}`} inherit>
      {site.email}
    </Anchor>
  ) : (
    'el correo de contacto del sitio'
  );
  return (
    <AccountPage
      title="Política de tratamiento de datos personales"
      intro={`Versión ${PRIVACY_POLICY.version}, vigente desde el ${spanishDate(PRIVACY_POLICY.date)}.`}
    >
      <AccountProse>
        <Text mt="md">
          En {SITE_NAME} cuidamos los datos de las personas que buscan hogar para un perro y de
          quienes quieren adoptar. Esta política explica cómo tratamos tus datos personales, como lo
          exigen la Ley Estatutaria 1581 de 2012 y el Decreto 1377 de 2013 (compilado en el Decreto
          1074 de 2015). Al registrarte, marcas la casilla con la que nos das tu autorización;
          guardamos la fecha y la versión de la política que aceptaste.
        </Text>

        <Title order={2}>1. Responsable del tratamiento</Title>
        <List>
          <List.Item>Responsable: {SITE_NAME}, comunidad de adopción de perros de Cali.</List.Item>
          {site && (
            <List.Item>
              Dirección: {site.street}, {site.city}.
            </List.Item>
          )}
          <List.Item>Correo para asuntos de datos personales: {mail}.</List.Item>
          {site && <List.Item>Teléfono: {site.phone}.</List.Item>}
        </List>

        <Title order={2}>2. Qué datos tratamos</Title>
        <List>
          <List.Item>
            Los de tu cuenta: nombre, correo electrónico y, si lo agregas, tu celular.
          </List.Item>
          <List.Item>
            Tu contraseña, que nunca guardamos tal cual: solo un resumen cifrado (argon2id) que no
            permite recuperarla.
          </List.Item>
          <List.Item>
            Lo que publicas: los perros en adopción con sus datos y fotos, las solicitudes de
            adopción que envías o recibes y los perros que guardas como favoritos.
          </List.Item>
          <List.Item>La fecha y la versión de esta política que aceptaste.</List.Item>
          <List.Item>
            Datos técnicos para tu seguridad: las fechas de inicio y último uso de tus sesiones, y
            de forma temporal la dirección IP desde la que se intenta ingresar, para frenar abusos.
          </List.Item>
        </List>
        <Text mt="sm">
          No pedimos datos sensibles (salud, origen, creencias, biometría). Las fotos se publican
          sin la ubicación que guardan los celulares. Las niñas, niños y adolescentes solo pueden
          usar el sitio con la autorización de su representante legal.
        </Text>

        <Title order={2}>3. Para qué los usamos</Title>
        <List>
          <List.Item>Crear y administrar tu cuenta y permitirte ingresar.</List.Item>
          <List.Item>Publicar los perros que das en adopción y mostrarlos en el sitio.</List.Item>
          <List.Item>
            Poner en contacto a quien da en adopción con quien quiere adoptar: tu nombre, correo y
            celular solo los ven personas que ingresaron con su cuenta, nunca los visitantes
            anónimos.
          </List.Item>
          <List.Item>
            Enviarte correos del servicio: enlaces para recuperar tu contraseña, avisos de seguridad
            (como un cambio de contraseña) y las solicitudes de adopción de tus perros.
          </List.Item>
          <List.Item>Proteger el sitio y a sus usuarios de accesos indebidos y abusos.</List.Item>
        </List>
        <Text mt="sm">
          No vendemos tus datos ni los compartimos con terceros para publicidad. Solo los conocen
          los proveedores que alojan el sitio y envían sus correos, como encargados del tratamiento
          y para estos mismos fines.
        </Text>

        <Title order={2}>4. Tus derechos</Title>
        <Text>Como titular de tus datos, según el artículo 8 de la Ley 1581 de 2012, puedes:</Text>
        <List mt="xs">
          <List.Item>
            <strong>Conocer</strong> los datos que tenemos sobre ti y el uso que les damos, y
            acceder a ellos gratis.
          </List.Item>
          <List.Item>
            <strong>Actualizar</strong> y <strong>rectificar</strong> tus datos cuando estén
            incompletos, sean inexactos o induzcan a error.
          </List.Item>
          <List.Item>Pedir prueba de la autorización que nos diste.</List.Item>
          <List.Item>
            <strong>Revocar la autorización</strong> y pedir la <strong>supresión</strong> de tus
            datos cuando no respetemos tus derechos o cuando ya no quieras estar en el sitio.
          </List.Item>
          <List.Item>
            <strong>Presentar quejas ante la Superintendencia de Industria y Comercio</strong> (SIC)
            por infracciones a la ley, después de haber hecho tu consulta o reclamo ante nosotros.
          </List.Item>
        </List>

        <Title order={2}>5. Cómo ejercerlos</Title>
        <List>
          <List.Item>
            En la página{' '}
            <Anchor component={Link} to="/cuenta" inherit>
              Mi cuenta
            </Anchor>
            , con tu sesión iniciada: corrige tu nombre y tu celular, descarga todos tus datos en un
            archivo (Descargar mis datos) o elimina tu cuenta con todo lo tuyo (Eliminar mi cuenta).
            Eliminarla revoca tu autorización y suprime tus datos de inmediato.
          </List.Item>
          <List.Item>
            Escribiéndonos a {mail} desde el correo de tu cuenta, con tu nombre y lo que pides.
            Respondemos las consultas en máximo 10 días hábiles y los reclamos en máximo 15 días
            hábiles; si necesitamos más tiempo, te diremos por qué y la nueva fecha, dentro de los
            plazos de la ley.
          </List.Item>
        </List>

        <Title order={2}>6. Cuánto tiempo los guardamos y cómo los protegemos</Title>
        <Text>
          Guardamos tus datos mientras tengas una cuenta. Al eliminarla se borran tu cuenta, tus
          perros con sus fotos, tus solicitudes, tus favoritos y tus sesiones. Las sesiones vencen
          solas y los enlaces para recuperar la contraseña sirven una sola vez durante 30 minutos.
          Usamos conexiones cifradas, guardamos contraseñas y sesiones solo como resúmenes cifrados
          y limitamos los intentos de ingreso.
        </Text>

        <Title order={2}>7. Cambios a esta política</Title>
        <Text>
          Si cambiamos esta política publicaremos la nueva versión en esta página con su fecha, y si
          cambian las finalidades te pediremos de nuevo tu autorización. Versión vigente:{' '}
          {PRIVACY_POLICY.version}, desde el {spanishDate(PRIVACY_POLICY.date)}.
        </Text>
      </AccountProse>
    </AccountPage>
  );
}
