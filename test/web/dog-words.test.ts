// Words that agree with the dog: a female dog is "¡Adoptada!", "adoptada" and "adoptarla".
import { describe, expect, test } from 'vitest';
import { adoptedWord, statusLabel } from '@/lib/dog-labels';
import { whatsAppLink } from '@/features/dogs/components/owner-contact';

describe('a dog’s words agree with its sex', () => {
  test('status', () => {
    expect(statusLabel('adopted', 'female')).toBe('¡Adoptada!');
    expect(statusLabel('adopted', 'male')).toBe('¡Adoptado!');
    expect(statusLabel('adopted', null)).toBe('¡Adoptado!');
    expect(statusLabel('available', 'female')).toBe('Disponible');
    expect(adoptedWord('female')).toBe('adoptada');
    expect(adoptedWord(undefined)).toBe('adoptado');
  });

  test('the WhatsApp message', () => {
    const text = (sex: 'male' | 'female' | null) =>
      decodeURIComponent(
        new URL(
          whatsAppLink('+573001234567', { id: 7, name: 'Luna', sex }, 'https://happydog.example'),
        ).searchParams.get('text') ?? '',
      );
    expect(text('female')).toContain('me interesa adoptarla.');
    expect(text('male')).toContain('me interesa adoptarlo.');
    expect(text(null)).toContain('me interesa adoptarlo.');
  });
});
