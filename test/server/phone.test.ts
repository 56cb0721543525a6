// The phone numbers the site accepts (Colombian mobiles) are parsed with libphonenumber-js's
// metadata for Colombia alone (src/shared/phone-metadata.ts): it must match the installed
// package, and decide every number exactly as the package's full mobile metadata does.
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { describe, expect, it } from 'vitest';
import { COUNTRY, installedMetadata, metadataFor } from '../../scripts/build/phone-metadata.mjs';
import { formatMobilePhone, mobilePhoneSchema } from '../../src/shared/account';
import { PHONE_METADATA } from '../../src/shared/phone-metadata';

/** What the full metadata decides: the E.164 number, or null for a refused one. */
function withFullMetadata(value: string): string | null {
  const phone = parsePhoneNumberFromString(value.trim(), 'CO');
  return phone && phone.country === 'CO' && phone.isValid() ? (phone.number as string) : null;
}

const SAMPLES = [
  '300 123 4567',
  '3001234567',
  '+57 300 1234567',
  '+573001234567',
  '0057 300 123 4567',
  '(300) 123-4567',
  '  315 765 4321 ',
  '350 000 0000',
  '321 555 0101',
  '57 300 123 4567',
  '601 234 5678', // a Bogotá landline
  '602 3456789', // a Cali landline
  '+57 1 2345678',
  '300 123 456', // a digit short
  '300 123 45678', // a digit long
  '200 123 4567',
  '+1 415 555 2671', // United States
  '+34 612 345 678', // Spain
  '+58 412 1234567', // Venezuela
  '+593 99 123 4567', // Ecuador
  '123',
  'no tengo',
  '',
  '+',
  '++57 300 123 4567',
];

describe('phone numbers with the metadata for Colombia alone', () => {
  it('is the installed package’s (run node scripts/build/phone-metadata.mjs when not)', () => {
    expect(PHONE_METADATA).toEqual(metadataFor(COUNTRY, installedMetadata()));
  });

  it('accepts and refuses exactly what the full metadata does', () => {
    for (const sample of SAMPLES) {
      const result = mobilePhoneSchema.safeParse(sample);
      expect(result.success ? result.data : null, sample).toBe(withFullMetadata(sample));
    }
    expect(SAMPLES.filter((s) => withFullMetadata(s) !== null).length).toBeGreaterThan(5);
    expect(SAMPLES.filter((s) => withFullMetadata(s) === null).length).toBeGreaterThan(5);
  });

  it('shows a stored number the national way', () => {
    expect(formatMobilePhone('+573001234567')).toBe('300 1234567');
    expect(formatMobilePhone('+14155552671')).toBe('+14155552671');
  });
});
