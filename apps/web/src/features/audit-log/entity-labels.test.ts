import { describe, expect, it } from 'vitest';
import { entityText } from './entity-labels';

describe('entityText', () => {
  it('names known resources in Italian with their id, and shows an unknown one as recorded', () => {
    expect(entityText({ entity_type: 'memberships', entity_id: 12 })).toBe('Tessera #12');
    expect(entityText({ entity_type: 'settings', entity_id: null })).toBe('Regole prenotazioni');
    expect(entityText({ entity_type: 'new-thing', entity_id: 3 })).toBe('new-thing #3');
  });
});
