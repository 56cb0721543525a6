// The rule every new password passes (registration, change, reset): never a common or breached
// one, never one built from the person's e-mail or name, never one easy to guess; a Spanish reason.
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MESSAGES,
  passwordWeakness,
  personalWords,
} from '../../src/server/users/password-strength';

const ana = { email: 'ana.gomez@example.com', name: 'Ana Gómez' };

describe('passwordWeakness', () => {
  it.each([
    ['password', PASSWORD_MESSAGES.common],
    ['12345678', PASSWORD_MESSAGES.common],
    ['qwertyuiop', PASSWORD_MESSAGES.common],
    ['contraseña', PASSWORD_MESSAGES.weak],
    ['iloveyou1', PASSWORD_MESSAGES.common],
    ['ana.gomez@example.com', PASSWORD_MESSAGES.personal],
    ['ANA.GOMEZ@EXAMPLE.COM', PASSWORD_MESSAGES.personal],
    ['AnaGomez2025!', PASSWORD_MESSAGES.personal],
    ['gómez-ana-1', PASSWORD_MESSAGES.personal],
    ['anagomez', PASSWORD_MESSAGES.personal],
    ['aaaaaaaaaaaa', PASSWORD_MESSAGES.weak],
    ['perro1234', PASSWORD_MESSAGES.common],
    ['abcdefgh', PASSWORD_MESSAGES.weak],
  ])('refuses %s with a reason', async (password, reason) => {
    expect(await passwordWeakness(password, ana)).toBe(reason);
  });

  it.each([
    'Tres perros en el patio',
    'Luna-come-mango-2025',
    'x7#Kp9!qLm2',
    'perritos-2025',
    'secreto-123',
    'Xq7#pL2v',
    'correcthorsebatterystaple',
    // A long one is judged by its first 64 characters, quickly.
    'una frase larga de varias palabras para entrar al sitio de los perros de Cali, sí',
  ])('accepts %s', async (password) => {
    expect(await passwordWeakness(password, ana)).toBeUndefined();
  });

  it("the person's words: the e-mail, its parts and domain, the name, with and without accents", () => {
    expect(personalWords(ana)).toEqual(
      expect.arrayContaining([
        'ana.gomez@example.com',
        'ana.gomez',
        'ana',
        'gomez',
        'example',
        'anagomez',
      ]),
    );
    expect(personalWords({ email: 'yo@x.co', name: 'Li' })).toEqual(['yo@x.co']);
  });
});
