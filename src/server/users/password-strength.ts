// Refuses new passwords an attacker would try early: common and breached ones (zxcvbn-ts's
// lists of common passwords, with its Spanish words and names), ones built from the person's own
// e-mail or name, and anything else it estimates easy to guess. Server-side only: the
// dictionaries (a few MB) never reach the browser, whose forms show the server's message.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const PASSWORD_MESSAGES = {
  personal: 'La contraseña no puede basarse en tu correo ni en tu nombre: elige otra',
  common:
    'Esa contraseña es de las más usadas o aparece en filtraciones de datos: elige otra que nadie más use',
  weak: 'Esa contraseña es fácil de adivinar: usa una frase de tres o cuatro palabras, o mezcla más letras, números y signos',
} as const;

/**
 * zxcvbn's scale: 2 is a million guesses or more ("protection from unthrottled online attacks"),
 * which every entry of the common-password lists and every Spanish word or name with a few digits
 * falls short of, while 8 random characters pass. Logins are throttled and hashes are argon2id;
 * longer passwords are encouraged by the message, not forced.
 */
const MIN_SCORE = 2;
/**
 * zxcvbn's work grows fast with length (a 128-character random password took seconds on a
 * loaded machine): it judges the first 64 characters, and tries few l33t substitutions.
 */
const ANALYSED_LENGTH = 64;
const L33T_SUBSTITUTIONS = 8;

let loading: Promise<ZxcvbnFactory> | undefined;

/** The estimator and its dictionaries, loaded with the first password checked. */
function estimator(): Promise<ZxcvbnFactory> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, spanish] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-es-es'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...spanish.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: ANALYSED_LENGTH,
      l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
    });
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Lower case, without accents: "Gómez" and "GOMEZ" are the same word here. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The words of a person's e-mail and name a password must not be made of (3+ characters). */
export function personalWords(person: { email: string; name: string }): string[] {
  const email = plain(person.email);
  const [local = '', domain = ''] = email.split('@');
  const words = [
    email,
    local,
    ...local.split(/[^\p{L}\p{N}]+/u),
    domain.split('.')[0] ?? '',
    plain(person.name).replace(/\s+/g, ''),
    ...plain(person.name).split(/[^\p{L}\p{N}]+/u),
  ];
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/** How much of `password` (0 to 1) is made of the person's words. */
function personalShare(password: string, words: string[]): number {
  const text = plain(password);
  const covered = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      covered.fill(true, at, at + word.length);
    }
  }
  return text.length === 0 ? 0 : covered.filter(Boolean).length / text.length;
}

/**
 * Why `password` may not be used by this person, in Spanish, or undefined when it may: half of it
 * or more is their e-mail or name, or zxcvbn rates it below a million guesses (telling apart
 * the lists of common passwords, the person's own words, and the rest).
 */
export async function passwordWeakness(
  password: string,
  person: { email: string; name: string },
): Promise<string | undefined> {
  const words = personalWords(person);
  if (personalShare(password, words) >= 0.5) return PASSWORD_MESSAGES.personal;
  const result = await (await estimator()).check(password, words);
  if (result.score >= MIN_SCORE) return undefined;
  const dictionaries = result.sequence.map((match) =>
    'dictionaryName' in match ? String(match.dictionaryName) : '',
  );
  if (dictionaries.includes('userInputs')) return PASSWORD_MESSAGES.personal;
  if (dictionaries.some((name) => name.startsWith('passwords'))) return PASSWORD_MESSAGES.common;
  return PASSWORD_MESSAGES.weak;
}
