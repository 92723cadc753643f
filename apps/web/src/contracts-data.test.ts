// eslint-disable-next-line no-restricted-imports -- the routes are checked against the contracts' own api
import { api, COURT_PURPOSE_INFO, COURT_PURPOSES, PRICE_INFO } from '@beach/contracts';
import { describe, expect, it } from 'vitest';
import * as data from 'virtual:contracts-data';

describe('virtual:contracts-data', () => {
  it('lists every route of the contracts by method and path, and nothing of their schemas', () => {
    const expected = Object.fromEntries(
      Object.entries(api).map(([group, definitions]) => [group, Object.fromEntries(Object.entries(definitions).map(([name, definition]) => [name, { method: definition.method, path: definition.path }]))]),
    );
    expect(data.routes).toEqual(expected);
    expect(data.routes.courts.list).toEqual({ method: 'get', path: '/api/courts' });
  });

  it('passes the display tables through unchanged', () => {
    expect(data.PRICE_INFO).toEqual(PRICE_INFO);
    expect(data.COURT_PURPOSE_INFO).toEqual(COURT_PURPOSE_INFO);
    expect(data.COURT_PURPOSES).toEqual(COURT_PURPOSES);
  });
});
