import { messages as german } from '@beach/i18n/catalogues/contracts/de';
import { messages as english } from '@beach/i18n/catalogues/contracts/en';
import { messages as italianCatalogue } from '@beach/i18n/catalogues/contracts/it';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { z, ZCouponUpdateBody, ZLoginBody, ZRegisterBody } from './index.js';

const de = setupI18n({ locale: 'de', messages: { de: german } });
const en = setupI18n({ locale: 'en', messages: { en: english } });
const messagesOf = (result: { error?: z.ZodError }) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const adult = {
  first_name: 'Lena',
  last_name: 'Sprachen',
  email: 'lena@',
  phone: '+39 333 123 4567',
  birth_date: '1995-04-12',
  password: 'abc1',
  password_confirmation: 'abc2',
  privacy_consent: true,
};

describe('a contract’s messages', () => {
  it('are Italian unless the caller gives its language, then in that language: codes, refinements, reasons', () => {
    expect(messagesOf(ZRegisterBody.safeParse(adult))).toEqual({
      email: 'Inserisci un indirizzo e-mail valido.',
      password: 'La password deve contenere almeno 8 caratteri.',
      password_confirmation: 'Le password non coincidono.',
    });
    expect(messagesOf(ZRegisterBody.safeParse(adult, { error: z.errorMapFor(de) }))).toEqual({
      email: 'Gib eine gültige E-Mail-Adresse ein.',
      password: 'Das Passwort muss mindestens 8 Zeichen enthalten.',
      password_confirmation: 'Die Passwörter stimmen nicht überein.',
    });
    expect(messagesOf(ZRegisterBody.safeParse({ ...adult, first_name: '' }, { error: z.errorMapFor(en) }))).toMatchObject({ first_name: 'Required field.' });
  });

  it('carry an issue a superRefine adds itself (a minor’s guardian) in the caller’s language', () => {
    const minor = { ...adult, email: 'lena@esempio.it', password: 'Sabbia2026', password_confirmation: 'Sabbia2026', birth_date: '2020-01-01' };
    expect(messagesOf(ZRegisterBody.safeParse(minor, { error: z.errorMapFor(en) }))).toEqual({
      guardian_name: 'For anyone under 14, the name of a parent or guardian is needed.',
      guardian_fiscal_code: 'Enter the parent’s or guardian’s tax code (codice fiscale, 16 letters and digits).',
      guardian_consent: 'A parent or guardian must accept the privacy notice.',
    });
  });

  it('keep a NUL character out in every language', () => {
    expect(messagesOf(ZLoginBody.safeParse({ email: 'a@b.it', password: 'x\u0000' }, { error: z.errorMapFor(de) }))).toEqual({ password: 'Enthält ein unzulässiges Zeichen.' });
  });

  it('leave zod’s own wording of the rarer issues to zod’s locale of the language', () => {
    const italian = messagesOf(ZLoginBody.safeParse({ email: 'a@b.it', password: 'x', remember: 'yes' })).remember;
    const inGerman = messagesOf(ZLoginBody.safeParse({ email: 'a@b.it', password: 'x', remember: 'yes' }, { error: z.errorMapFor(de) })).remember;
    expect(italian).toMatch(/^Input non valido/);
    expect(inGerman).toMatch(/^Ungültige Eingabe/);
  });

  it('of a schema parsed within another (the coupon’s form or its switch) are worded by the outer caller', () => {
    expect(messagesOf(ZCouponUpdateBody.safeParse({ is_active: 'yes' }, { error: z.errorMapFor(de) }))).toEqual({ is_active: 'Ungültiger Status.' });
    const form = { code: 'x!', discount_type: 'percentage', discount_value: '150', applicable_to: 'both' };
    expect(messagesOf(ZCouponUpdateBody.safeParse(form, { error: z.errorMapFor(en) }))).toEqual({
      code: 'The code can only contain letters, digits, hyphens and underscores.',
      discount_value: 'A percentage cannot exceed 100.',
    });
    expect(messagesOf(ZCouponUpdateBody.safeParse(form))).toMatchObject({ discount_value: 'Una percentuale non può superare 100.' });
  });
});

describe('the contracts’ Italian', () => {
  it('names its values as plain {arguments}, so the default needs no catalogue (italian.ts)', () => {
    const notPlain = Object.entries(italianCatalogue).filter(
      ([, compiled]) => Array.isArray(compiled) && compiled.some((token) => Array.isArray(token) && token.length > 1),
    );
    expect(notPlain).toEqual([]);
  });
});
