// "Escribir por WhatsApp" for the rescuer: a wa.me link to the applicant's phone with a message
// that fits the application's state, ready to send with one tap.
import type { InterestState } from '@/shared/interest-states';

const MESSAGES: Record<InterestState, (name: string, dog: string) => string> = {
  new: (name, dog) =>
    `Hola, ${name}. Soy quien publicó a ${dog} en Happy Dog: recibí tu solicitud y la voy a revisar. ¡Gracias por escribir!`,
  reviewing: (name, dog) =>
    `Hola, ${name}. Estoy revisando tu solicitud por ${dog} en Happy Dog. ¿Tienes unos minutos para contarme un poco más de tu hogar?`,
  interview: (name, dog) =>
    `Hola, ${name}. Tu solicitud por ${dog} pasó a entrevista o visita. ¿Qué día y a qué hora te queda bien?`,
  approved: (name, dog) =>
    `Hola, ${name}. ¡Tu solicitud por ${dog} fue aprobada! Acordemos la entrega y el acta de compromiso.`,
  adopted: (name, dog) =>
    `Hola, ${name}. ¿Cómo va ${dog} en su nuevo hogar? Cuéntame cuando puedas.`,
  declined: (name, dog) =>
    `Hola, ${name}. Gracias por tu solicitud por ${dog}. Esta vez elegimos otra familia, pero hay muchos perros esperando un hogar en Happy Dog.`,
  withdrawn: (name, dog) =>
    `Hola, ${name}. Vi que retiraste tu solicitud por ${dog}. Si cambias de opinión, aquí estoy.`,
};

/** The prefilled message for an application in `state`. */
export function whatsappMessage(state: InterestState, applicantName: string, dogName: string) {
  return MESSAGES[state](applicantName, dogName);
}

/** The wa.me link to `phone` (E.164) with that message. */
export function whatsappLink(
  phone: string,
  state: InterestState,
  applicantName: string,
  dogName: string,
) {
  const text = encodeURIComponent(whatsappMessage(state, applicantName, dogName));
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${text}`;
}
