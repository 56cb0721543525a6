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

interface Paragraph {
  text: string;
  /** Shown as a button-like link after the text. */
  link?: { label: string; href: string };
}

/** Assembles a message from a greeting and paragraphs, with the same signature and footer. */
function compose(
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
  request: { senderName: string; dogName: string; message: string },
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
        text: 'Sus datos de contacto y la solicitud están en "Mis publicaciones". Cuando le respondas, márcala como respondida (o descártala) para que sepa en qué va.',
        link: { label: 'Ver la solicitud en Mis publicaciones', href: myDogsLink },
      },
    ],
    contact,
  );
}

/** To the sender of a request: the owner answered or dismissed it. */
export function interestStateMail(
  to: { name: string; email: string },
  request: { dogName: string; state: 'answered' | 'dismissed' },
  dogLink: string,
  contact: string,
): MailMessage {
  const answered = request.state === 'answered';
  return compose(
    to.email,
    answered
      ? `Respondieron tu solicitud por ${request.dogName}`
      : `Tu solicitud por ${request.dogName} fue descartada`,
    to.name,
    [
      {
        text: answered
          ? `Quien publicó a ${request.dogName} marcó tu solicitud como respondida: revisa tu correo y tu celular, te habrá escrito por allí.`
          : `Quien publicó a ${request.dogName} descartó tu solicitud. Gracias por querer darle un hogar: hay muchos otros perros esperando una familia en ${SITE_NAME}.`,
        link: { label: `Ver a ${request.dogName}`, href: dogLink },
      },
    ],
    contact,
  );
}
