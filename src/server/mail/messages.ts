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
  /** The paragraph's HTML, already escaped, in place of `text` (which the plain text keeps). */
  html?: string;
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
      const paragraph = p.html ?? `<p>${escapeHtml(p.text)}</p>`;
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

/** A dog an alert e-mail tells of. */
export interface AlertMailDog {
  name: string;
  city: string;
  /** Its page, an absolute URL. */
  link: string;
  /** Its cover photo, an absolute URL, or '' when it has none. */
  photo: string;
  /** "Hembra · Pequeño · 3 meses", or '' when nothing is said. */
  details: string;
}

/** What every alert e-mail carries besides its dogs or reports. */
interface AlertMailFrame {
  /** The alerts it is about, in words. */
  alerts: string[];
  digest: boolean;
  /** The page that stops the alerts (asks, then says what was stopped). */
  unsubscribePage: string;
  /** The one-click URL (POST) for mail programs. */
  unsubscribeUrl: string;
  /** Where the person manages their alerts. */
  accountLink: string;
}

/** One item of an alert e-mail: a photo (if any) and a linked title, then a line of details. */
interface AlertMailItem {
  title: string;
  details: string;
  link: string;
  photo: string;
}

/**
 * An alert e-mail: the intro, each item with its photo and link, which alerts it is about, and
 * the link that stops them: the same URL a mail program's unsubscribe button posts to
 * (List-Unsubscribe, RFC 8058), and a page that confirms it.
 */
function savedSearchMail(
  to: { name: string; email: string },
  subject: string,
  intro: string,
  items: AlertMailItem[],
  mail: AlertMailFrame,
  contact: string,
): MailMessage {
  const itemParagraphs: Paragraph[] = items.map((item) => {
    const line = [item.title, item.details].filter(Boolean).join(' · ');
    const href = escapeHtml(item.link);
    const photo = item.photo
      ? `<a href="${href}"><img src="${escapeHtml(item.photo)}" alt="${escapeHtml(item.title)}" width="240" style="display:block;max-width:100%;height:auto;border-radius:8px"></a>\n`
      : '';
    return {
      text: `${line}\n${item.link}`,
      html: `<div style="margin:0 0 20px">${photo}<p style="margin:8px 0 0"><a href="${href}" style="color:#c2410c;font-weight:bold">${escapeHtml(item.title)}</a>${item.details ? ` · ${escapeHtml(item.details)}` : ''}</p></div>`,
    };
  });
  const alertNames = mail.alerts.map((a) => `«${a}»`).join(', ');
  const message = compose(
    to.email,
    subject,
    to.name,
    [
      { text: intro },
      ...itemParagraphs,
      {
        text: `Recibes este correo por ${mail.alerts.length === 1 ? 'tu alerta' : 'tus alertas'} ${alertNames}. Puedes pausarlas o borrarlas en "Mi cuenta".`,
        link: { label: 'Ver mis alertas', href: mail.accountLink },
      },
      {
        text: `¿Ya no quieres ${mail.alerts.length === 1 ? 'esta alerta' : 'estas alertas'}? Cancélalas con un clic, sin iniciar sesión:`,
        link: { label: 'Dejar de recibir estos correos', href: mail.unsubscribePage },
      },
    ],
    contact,
  );
  return {
    ...message,
    headers: {
      'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * One e-mail to one person with the new dogs their alerts matched (`digest`: the daily one), the
 * alerts it is about, and the link that stops them.
 */
export function alertMail(
  to: { name: string; email: string },
  mail: AlertMailFrame & { dogs: AlertMailDog[] },
  contact: string,
): MailMessage {
  const [first] = mail.dogs;
  const subject = mail.digest
    ? `Tu resumen de hoy: ${mail.dogs.length === 1 ? `${first!.name} busca hogar` : `${mail.dogs.length} perros como los que buscas`}`
    : mail.dogs.length === 1
      ? `${first!.name}: un perro como el que buscas`
      : `${mail.dogs.length} perros como los que buscas`;
  const intro =
    mail.dogs.length === 1
      ? 'Se publicó un perro que coincide con tu alerta:'
      : `Se publicaron ${mail.dogs.length} perros que coinciden con tus alertas:`;
  const items = mail.dogs.map((dog) => ({
    title: dog.name,
    details: [dog.city, dog.details].filter(Boolean).join(' · '),
    link: dog.link,
    photo: dog.photo,
  }));
  return savedSearchMail(to, subject, intro, items, mail, contact);
}

/** A lost and found report an alert e-mail tells of. */
export interface AlertMailReport {
  /** "Se busca" (lost) or "Encontrado" / "Encontrada" (found). */
  kind: string;
  /** The dog's name, '' when the report gives none. */
  name: string;
  /** The zone's name: "Cali – Comuna 3". */
  zone: string;
  /** The day it was lost or found, in words: "20 de noviembre de 2026". */
  date: string;
  /** Its page, an absolute URL. */
  link: string;
  /** Its first photo, an absolute URL, or '' when it has none. */
  photo: string;
}

/**
 * One e-mail to one person with the new lost and found reports their alerts matched (`digest`:
 * the daily one), with the same unsubscribe links as the dog alerts' e-mails.
 */
export function lostFoundAlertMail(
  to: { name: string; email: string },
  mail: AlertMailFrame & { reports: AlertMailReport[] },
  contact: string,
): MailMessage {
  const count = mail.reports.length;
  const [first] = mail.reports;
  const firstTitle = first ? [first.kind, first.name].filter(Boolean).join(': ') : '';
  const subject = mail.digest
    ? `Tu resumen de hoy: ${count === 1 ? `${firstTitle} en ${first!.zone}` : `${count} reportes de perros perdidos y encontrados`}`
    : count === 1
      ? `${firstTitle} en ${first!.zone}: un reporte como los que buscas`
      : `${count} reportes como los que buscas`;
  const intro =
    count === 1
      ? 'Se publicó un reporte de perdidos y encontrados que coincide con tu alerta:'
      : `Se publicaron ${count} reportes de perdidos y encontrados que coinciden con tus alertas:`;
  const items = mail.reports.map((report) => ({
    title: [report.kind, report.name].filter(Boolean).join(': '),
    details: [report.zone, report.date].join(' · '),
    link: report.link,
    photo: report.photo,
  }));
  return savedSearchMail(to, subject, intro, items, mail, contact);
}

/**
 * To a lost-and-found reporter: a logged-in visitor wrote about their report. The sender's name
 * always; their e-mail (and the Reply-To) only when they chose to share it.
 */
export function lostFoundContactMail(
  to: { name: string; email: string },
  contact: {
    senderName: string;
    senderEmail: string | null;
    headline: string;
    message: string;
  },
  reportLink: string,
  siteContact: string,
): MailMessage {
  const message = compose(
    to.email,
    `Te escribieron sobre tu reporte: ${contact.headline}`,
    to.name,
    [
      { text: `${contact.senderName} vio tu reporte «${contact.headline}» y te escribió:` },
      { text: `«${contact.message}»` },
      {
        text: contact.senderEmail
          ? `Para responderle, contesta este correo o escríbele a ${contact.senderEmail}.`
          : `${contact.senderName} prefirió no compartir su correo. Si en el mensaje dejó otra forma de contactarle, úsala. Nunca pagues por adelantado para recuperar a un perro.`,
        link: { label: 'Ver tu reporte', href: reportLink },
      },
    ],
    siteContact,
  );
  return contact.senderEmail ? { ...message, replyTo: contact.senderEmail } : message;
}

/** To a lost-and-found reporter: the report expires in a week unless they renew it. */
export function lostFoundRenewalMail(
  to: { name: string; email: string },
  report: { headline: string; expiresOn: string },
  reportLink: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    `Tu reporte vence pronto: ${report.headline}`,
    to.name,
    [
      {
        text: `Tu reporte «${report.headline}» deja de publicarse el ${report.expiresOn}. Si todavía lo necesitas, renuévalo por 60 días más desde su página. Si ya se reencontraron, márcalo como «¡Reencontrado!» para que otros sepan que terminó bien.`,
        link: { label: 'Renovar o cerrar el reporte', href: reportLink },
      },
    ],
    contact,
  );
}

/** An invitation to join an organization: a link accepted while logged in. */
export function orgInvitationMail(
  email: string,
  invitation: { orgName: string; inviterName: string; days: number },
  link: string,
  contact: string,
): MailMessage {
  return compose(
    email,
    `Te invitaron a ${invitation.orgName}`,
    email,
    [
      {
        text: `${invitation.inviterName} te invitó a hacer parte de «${invitation.orgName}» en ${SITE_NAME}. Como integrante podrás publicar perros a nombre de la organización, editarlos y responder sus solicitudes de adopción.`,
        link: { label: 'Aceptar la invitación', href: link },
      },
      {
        text: `Para aceptarla, entra con una cuenta de ${SITE_NAME} con esta misma dirección de correo (o crea una). El enlace sirve una vez y vence en ${invitation.days} días. Si no esperabas esta invitación, ignora este mensaje.`,
      },
    ],
    contact,
  );
}
