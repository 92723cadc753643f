import { describe, expect, it } from 'vitest';
import { actionText, entityText } from './entity-labels';

describe('entityText', () => {
  it('names known entities in Italian with their id, and shows an unknown one as recorded', () => {
    expect(entityText({ entity_type: 'memberships', entity_id: 12 })).toBe('Tessera #12');
    expect(entityText({ entity_type: 'ledger_entries', entity_id: 4 })).toBe('Movimento di credito #4');
    expect(entityText({ entity_type: 'settings', entity_id: null })).toBe('Impostazioni');
    expect(entityText({ entity_type: 'course_attendances', entity_id: 5 })).toBe('Presenza a lezione #5');
    expect(entityText({ entity_type: 'new-thing', entity_id: 3 })).toBe('new-thing #3');
  });
});

describe('actionText', () => {
  it('names the verb in Italian, and an entry written before verbs as recorded', () => {
    expect(actionText({ action: 'cancel' })).toBe('Annullamento');
    expect(actionText({ action: 'PUT /api/admin/coupons/:id' })).toBe('PUT /api/admin/coupons/:id');
  });
});
