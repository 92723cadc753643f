import { describe, expect, it } from 'vitest';
import { ZCourseBody } from './courses.js';
import { titleIn } from './localized-titles.js';

describe('titleIn', () => {
  it('picks the German or English title when the admin gave one, else the Italian name, from the wire or the database shape', () => {
    const course = { name: 'Corso serale', title_de: 'Abendkurs', title_en: null };
    expect([titleIn('it', course), titleIn('de', course), titleIn('en', course)]).toEqual(['Corso serale', 'Abendkurs', 'Corso serale']);
    expect(titleIn('en', { name: 'Coppa', titleDe: null, titleEn: 'Cup' })).toBe('Cup');
    expect(titleIn('de', { name: 'Coppa', title_de: '' })).toBe('Coppa');
  });

  it('are optional in the admin’s body: an empty one is none, one over 120 characters refused', () => {
    const body = { name: 'Corso serale', court_ids: [1], starts_on: '2027-06-01', ends_on: '2027-06-30', weekdays: [2], start_time: '18:00', duration_minutes: 60, max_participants: 8, price: '100' };
    expect(ZCourseBody.parse({ ...body, title_de: '  Abendkurs ', title_en: '' })).toMatchObject({ title_de: 'Abendkurs', title_en: null });
    expect(ZCourseBody.parse(body)).toMatchObject({ title_de: null, title_en: null });
    expect(ZCourseBody.safeParse({ ...body, title_en: 'x'.repeat(121) }).error?.issues.map((issue) => issue.path)).toEqual([['title_en']]);
  });
});
