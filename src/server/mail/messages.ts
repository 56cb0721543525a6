// The e-mails the site sends, in Spanish, each as plain text and simple HTML with the site's
// name and the address to write to (`contact`: the configured SITE_EMAIL). Everything
// interpolated into the HTML goes through escapeHtml.
import { SITE_NAME } from '../../shared/site';
import type { MailMessage } from './mailer';

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface Paragraph {
  text: string;
  /** Shown as a button-like link after the text. */
  link?: { label: string; href: string };
}

/** Assembles a message from a greeting and paragraphs, with the same signature and footer. */
export function compose(
  to: string,
  subject: string,
  greetingName: string,
  paragraphs: Paragraph[],
  contact: string,
): MailMessage {
  const footer = `Este mensaje lo envió ${SITE_NAME}, la comunidad de adopción de perros de Cali. Si tienes preguntas, escríbenos a ${contact}.`;
  const text = [
    `Hola, ${greetingName}:`,
    ...paragraphs.map((p) => (p.link ? `${p.text}\n${p.link.href}` : p.text)),
    `— El equipo de ${SITE_NAME}`,
    footer,
  ].join('\n\n');
  const body = paragraphs
    .map((p) => {
      const paragraph = `<p>${escapeHtml(p.text)}</p>`;
      if (!p.link) return paragraph;
      const href = escapeHtml(p.link.href);
      return `${paragraph}\n<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#c2410c;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(p.link.label)}</a></p>\n<p style="font-size:13px;color:#555555">Si el botón no funciona, copia esta dirección en tu navegador:<br>${href}</p>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#2b2118;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
<h1 style="font-size:20px;color:#c2410c">${escapeHtml(SITE_NAME)}</h1>
<p>Hola, ${escapeHtml(greetingName)}:</p>
${body}
<p>— El equipo de ${escapeHtml(SITE_NAME)}</p>
<hr style="border:none;border-top:1px solid #dddddd">
<p style="font-size:12px;color:#555555">${escapeHtml(footer)}</p>
</body>
</html>
`;
  return { to, subject: `${subject} | ${SITE_NAME}`, text, html };
}

export function passwordResetMail(
  to: { name: string; email: string },
  link: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    'Crea una nueva contraseña',
    to.name,
    [
      {
        text: `Recibimos una solicitud para crear una nueva contraseña para tu cuenta de ${SITE_NAME}. Para hacerlo, abre este enlace en los próximos 30 minutos. Solo sirve una vez.`,
        link: { label: 'Crear una nueva contraseña', href: link },
      },
      {
        text: 'Si no fuiste tú, ignora este mensaje: tu contraseña actual sigue funcionando y nadie más puede usar el enlace sin acceso a tu correo.',
      },
    ],
    contact,
  );
}

export function passwordChangedMail(
  to: { name: string; email: string },
  how: 'changed' | 'reset',
  contact: string,
): MailMessage {
  const what =
    how === 'changed'
      ? 'La contraseña de tu cuenta se cambió desde la página "Mi cuenta". Cerramos la sesión en tus otros dispositivos.'
      : 'La contraseña de tu cuenta se cambió con un enlace de recuperación. Cerramos la sesión en todos tus dispositivos.';
  return compose(
    to.email,
    'Tu contraseña cambió',
    to.name,
    [
      { text: what },
      {
        text: `Si no fuiste tú, pide una nueva contraseña desde "¿Olvidaste tu contraseña?" en la página de ingreso y escríbenos a ${contact}.`,
      },
    ],
    contact,
  );
}

export function accountDeletedMail(
  to: { name: string; email: string },
  contact: string,
): MailMessage {
  return compose(
    to.email,
    'Eliminamos tu cuenta',
    to.name,
    [
      {
        text: `Eliminamos tu cuenta de ${SITE_NAME} con tus datos personales, tus perros publicados y tus sesiones, como lo pediste. Puedes volver a registrarte con este correo cuando quieras.`,
      },
    ],
    contact,
  );
}

/** To a dog's owner: someone sent "Me interesa" (their message, and where to answer it). */
export function interestReceivedMail(
  to: { name: string; email: string },
  request: { senderName: string; dogName: string; message: string; hasProfile: boolean },
  myDogsLink: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    `${request.dogName} tiene una nueva solicitud`,
    to.name,
    [
      {
        text: `${request.senderName} está interesado en adoptar a ${request.dogName} y te escribió:`,
      },
      { text: `«${request.message}»` },
      {
        text: request.hasProfile
          ? 'Su perfil de adoptante (vivienda, hogar, experiencia, zona), sus datos de contacto y la solicitud están en "Mis publicaciones". Cuando la revises, cámbiale el estado: le avisaremos por correo en qué va.'
          : 'Sus datos de contacto y la solicitud están en "Mis publicaciones". Cuando la revises, cámbiale el estado: le avisaremos por correo en qué va.',
        link: { label: 'Ver la solicitud en Mis publicaciones', href: myDogsLink },
      },
    ],
    contact,
  );
}

/** The e-mails an applicant gets as their application moves (one per state reached). */
const APPLICATION_MAILS: Record<
  'new' | 'reviewing' | 'interview' | 'approved' | 'declined' | 'withdrawn',
  (dog: string) => { subject: string; text: string }
> = {
  new: (dog) => ({
    subject: `Recibimos tu solicitud por ${dog}`,
    text: `Tu solicitud de adopción por ${dog} llegó a quien lo publicó. Te escribiremos cada vez que cambie de estado, para que no te quedes esperando sin noticias.`,
  }),
  reviewing: (dog) => ({
    subject: `Tu solicitud por ${dog} está en revisión`,
    text: `Quien publicó a ${dog} está revisando tu solicitud. Puede que te escriba a tu correo o a tu celular para conocerte mejor.`,
  }),
  interview: (dog) => ({
    subject: `Siguiente paso con ${dog}: entrevista o visita`,
    text: `¡Buenas noticias! Tu solicitud por ${dog} pasó a entrevista o visita. Quien lo publicó te contactará para acordar el día y la hora.`,
  }),
  approved: (dog) => ({
    subject: `¡Tu solicitud por ${dog} fue aprobada!`,
    text: `¡Felicitaciones! Tu solicitud por ${dog} fue aprobada. Ahora falta acordar la entrega con quien lo publicó y aceptar el acta de compromiso de adopción.`,
  }),
  declined: (dog) => ({
    subject: `Sobre tu solicitud por ${dog}`,
    text: `Gracias por querer darle un hogar a ${dog}. Esta vez quien lo publicó eligió otra familia. No te desanimes: hay muchos otros perros esperando un hogar como el tuyo.`,
  }),
  withdrawn: (dog) => ({
    subject: `Retiraste tu solicitud por ${dog}`,
    text: `Retiraste tu solicitud de adopción por ${dog} y le avisamos a quien lo publicó. Si cambias de opinión, puedes enviar una nueva cuando quieras.`,
  }),
};
export type ApplicationMailState = keyof typeof APPLICATION_MAILS;

/** To an applicant: their application reached `state` (with the rescuer's note, if any). */
export function applicationStateMail(
  to: { name: string; email: string },
  application: { dogName: string; state: ApplicationMailState; note?: string },
  link: string,
  contact: string,
): MailMessage {
  const { subject, text } = APPLICATION_MAILS[application.state](application.dogName);
  return compose(
    to.email,
    subject,
    to.name,
    [
      { text },
      ...(application.note
        ? [{ text: `Quien publicó a ${application.dogName} te escribió: «${application.note}»` }]
        : []),
      {
        text: 'En "Mis solicitudes" ves en qué va cada una y qué sigue.',
        link: { label: 'Ver mis solicitudes', href: link },
      },
    ],
    contact,
  );
}

/** To an applicant whose open application ended because its dog's listing was deleted. */
export function applicationDogRemovedMail(
  to: { name: string; email: string },
  application: { dogName: string },
  dogsLink: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    `Sobre tu solicitud por ${application.dogName}`,
    to.name,
    [
      {
        text: `Quien publicó a ${application.dogName} retiró la publicación, así que tu solicitud se cerró. Gracias por querer darle un hogar: hay muchos otros perros esperando una familia como la tuya.`,
        link: { label: 'Ver perros en adopción', href: dogsLink },
      },
    ],
    contact,
  );
}
