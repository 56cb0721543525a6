// The e-mails of closing and following up an adoption, in Spanish, built like every other
// message (mail/messages.ts): the acta to accept, the check-ins and their reminder, what the
// rescuer is told, and the sterilization reminders.
import { formatDay } from '../../shared/follow-up';
import type { MailMessage } from './mailer';
import { compose } from './messages';

type Person = { name: string; email: string };

/** To the adopter: the rescuer closed the adoption; the acta waits for them. */
export function actaToAcceptMail(
  to: Person,
  dogName: string,
  link: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    `Acepta el acta de adopción de ${dogName}`,
    to.name,
    [
      {
        text: `¡Qué alegría! Quien te entrega a ${dogName} cerró la adopción a tu nombre. Falta un paso: leer y aceptar el acta de compromiso de adopción.`,
        link: { label: 'Leer y aceptar el acta', href: link },
      },
    ],
    contact,
  );
}

/** To the adopter: the rescuer cancelled the adoption before the acta was accepted. */
export function adoptionCancelledMail(
  to: Person,
  rescuerName: string,
  dogName: string,
  link: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    `Se canceló la adopción de ${dogName}`,
    to.name,
    [
      {
        text: `${rescuerName} canceló la adopción de ${dogName} antes de que aceptaras el acta de compromiso, así que el acta ya no puede aceptarse. Lamentamos la noticia; en Happy Dog hay más perros esperando un hogar.`,
        link: { label: 'Ver la adopción', href: link },
      },
    ],
    contact,
  );
}

/** To the rescuer: the adopter accepted the acta; the dog is adopted. */
export function actaAcceptedMail(
  to: Person,
  adopterName: string,
  dogName: string,
  link: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    `${dogName} fue adoptado`,
    to.name,
    [
      {
        text: `${adopterName} aceptó el acta de compromiso: ${dogName} ya está adoptado. Le escribiremos para el seguimiento y te contaremos cómo va; las demás solicitudes abiertas se cerraron con un mensaje amable.`,
        link: { label: 'Ver la adopción', href: link },
      },
    ],
    contact,
  );
}

/** To the adopter: a check-in is due (or, `reminder`, still unanswered). */
export function checkinMail(
  to: Person,
  dogName: string,
  link: string,
  expiresOn: string,
  reminder: boolean,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    reminder ? `Recordatorio: ¿cómo está ${dogName}?` : `¿Cómo está ${dogName}?`,
    to.name,
    [
      {
        text: reminder
          ? `Hace unos días te preguntamos por ${dogName} y aún no sabemos de él. Cuéntanos en un minuto cómo está, con una foto si puedes.`
          : `Es momento del seguimiento de ${dogName}. Cuéntanos en un minuto cómo está, con una o dos fotos. No necesitas iniciar sesión.`,
        link: { label: `Contar cómo está ${dogName}`, href: link },
      },
      {
        text: `El enlace sirve una sola vez, hasta el ${formatDay(expiresOn)}. Si necesitas ayuda o ya no puedes tenerlo, dilo ahí mismo: le avisamos de inmediato a quien te lo entregó.`,
      },
    ],
    contact,
  );
}

/** To the rescuer: a check-in went unanswered after the reminder. */
export function checkinOverdueMail(
  to: Person,
  dogName: string,
  link: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    `El seguimiento de ${dogName} no tiene respuesta`,
    to.name,
    [
      {
        text: `Le escribimos dos veces a quien adoptó a ${dogName} para el seguimiento y no respondió. Te sugerimos contactarle directamente.`,
        link: { label: 'Ver la adopción', href: link },
      },
    ],
    contact,
  );
}

/** To the rescuer, at once: the adopter asked for help or cannot keep the dog. */
export function checkinAlertMail(
  to: Person,
  dogName: string,
  status: 'help' | 'return',
  message: string | undefined,
  link: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    status === 'help'
      ? `${dogName}: quien lo adoptó necesita ayuda`
      : `${dogName}: quien lo adoptó ya no puede tenerlo`,
    to.name,
    [
      {
        text:
          status === 'help'
            ? `En el seguimiento de ${dogName}, quien lo adoptó respondió «Necesito ayuda».`
            : `En el seguimiento de ${dogName}, quien lo adoptó respondió «Ya no puedo tenerlo». Contáctale pronto para acordar el regreso y, cuando vuelva, regístralo en la adopción para publicarlo de nuevo.`,
      },
      ...(message ? [{ text: `Su mensaje: «${message}»` }] : []),
      {
        text: 'Sus datos de contacto están en la adopción.',
        link: { label: 'Ver la adopción', href: link },
      },
    ],
    contact,
  );
}

/** To the adopter: the sterilization is due soon (`before`) or today (`due`). */
export function sterilizationReminderMail(
  to: Person,
  dogName: string,
  due: string,
  when: 'before' | 'due',
  link: string,
  contact: string,
): MailMessage {
  return compose(
    to.email,
    when === 'before'
      ? `La esterilización de ${dogName} se acerca`
      : `Hoy vence la esterilización de ${dogName}`,
    to.name,
    [
      {
        text:
          when === 'before'
            ? `En el acta te comprometiste a esterilizar a ${dogName} a más tardar el ${formatDay(due)}. Si ya lo hiciste, regístralo con la fecha y la clínica.`
            : `Hoy, ${formatDay(due)}, vence el compromiso de esterilizar a ${dogName}. Cuando lo hagas, regístralo con la fecha, la clínica y, si puedes, una foto del certificado.`,
        link: { label: 'Registrar la esterilización', href: link },
      },
    ],
    contact,
  );
}
