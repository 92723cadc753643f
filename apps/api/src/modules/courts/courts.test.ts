import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';

const { app } = await useTestApp();

describe('GET /api/courts', () => {
  it('lists the 19 courts in rows A-D in map order, then the two free-use courts', async () => {
    const { body } = await request(app).get('/api/courts').expect(200);
    const codes = body.data.map((court: { code: string }) => court.code);
    expect(codes).toEqual(['A1', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'C1', 'C2', 'C3', 'C4', 'C5', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'L1', 'L2']);
    expect(body.data.filter((court: { row: string | null }) => court.row !== null)).toHaveLength(19);
  });

  it('gives each row its purpose: B members, C bookable and lit, D school', async () => {
    const { body } = await request(app).get('/api/courts').expect(200);
    const byCode = Object.fromEntries(body.data.map((court: { code: string }) => [court.code, court]));
    expect(byCode.B3).toMatchObject({ row: 'B', purpose: 'members', is_bookable: false });
    expect(byCode.C5).toMatchObject({ row: 'C', purpose: 'bookable', is_bookable: true, has_lights: true });
    expect(byCode.D1).toMatchObject({ row: 'D', purpose: 'school', is_bookable: false });
    expect(byCode.L2).toMatchObject({ row: null, purpose: 'free_use', is_bookable: false });
  });
});
