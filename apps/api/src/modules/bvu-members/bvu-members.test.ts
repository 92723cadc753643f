// BVU members through the real database: the list, every validation rule, the unique keys, and the
// CSV import (line numbers, upsert, encodings and separators, size and type, all or nothing).
import iconv from 'iconv-lite';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { yearInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { fiscalCodeOf } from '../../test/members.js';
import { BVU_IMPORT_MAX_ERRORS, BVU_IMPORT_MAX_ROWS } from '@beach/contracts';
import { BVU_MESSAGES } from './bvu-member-terms.js';
import { UPLOAD_MESSAGES } from './bvu-members.router.js';

const { app, db } = await useTestApp();
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let season = String(yearInRome());
beforeEach(() => {
  season = String(yearInRome());
});
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
let staff: string;
let user: string;

const ROSSI = fiscalCodeOf('Mario', 'Rossi', '1990-03-10', 'M');
const VERDI = fiscalCodeOf('Anna', 'Verdi', '1985-07-22', 'F');
const NERI = fiscalCodeOf('Luca', 'Neri', '2001-12-01', 'M');

const member = (overrides: Record<string, unknown> = {}) => ({
  card_code: 'BVU-100',
  season,
  last_name: 'Rossi',
  first_name: 'Mario',
  fiscal_code: ROSSI.toLowerCase(),
  gender: 'M',
  birth_date: '1990-03-10',
  email: 'Mario.Rossi@Example.it',
  issue_date: `${season}-01-15`,
  expiry_date: `${season}-12-31`,
  ...overrides,
});

const importFile = (token: string, content: Buffer | string, filename = 'tesserati.csv', contentType = 'text/csv') =>
  request(app).post('/api/admin/bvu-members/import').set(bearer(token)).attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content), { filename, contentType });

const countMembers = () => db.bvuMember.count();

beforeAll(async () => {
  [admin, staff, user] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff), loginAs(app, DEMO.user)]);
});

describe('BVU members: add, edit, delete', () => {
  it('adds a member with the fiscal code and e-mail normalised, and refuses the same member twice in a season', async () => {
    const created = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(member());
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Tesserato BVU aggiunto con successo!');
    expect(created.body.bvu_member).toMatchObject({ card_code: 'BVU-100', fiscal_code: ROSSI, email: 'mario.rossi@example.it', season, gender: 'M' });

    const again = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(member({ card_code: 'BVU-101' }));
    expect(again.status).toBe(422);
    expect(again.body.errors.fiscal_code).toEqual([BVU_MESSAGES.fiscalCodeTaken(season)]);
    const cardTaken = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(member({ fiscal_code: VERDI, first_name: 'Anna', last_name: 'Verdi', gender: 'F', birth_date: '1985-07-22' }));
    expect(cardTaken.status).toBe(422);
    expect(cardTaken.body.errors.card_code).toEqual([BVU_MESSAGES.cardCodeTaken(season)]);
    // Another season is another card.
    const nextSeason = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(member({ season: String(Number(season) + 1) }));
    expect(nextSeason.status).toBe(201);
  });

  it('refuses missing required fields, a wrong check character, a birth date the code contradicts, bad e-mail and dates', async () => {
    const empty = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send({});
    expect(empty.status).toBe(422);
    for (const field of ['card_code', 'last_name', 'first_name', 'fiscal_code']) expect(empty.body.errors[field]).toEqual(['Campo obbligatorio.']);

    const wrongCheck = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(member({ card_code: 'X1', fiscal_code: `${ROSSI.slice(0, 15)}${ROSSI.endsWith('A') ? 'B' : 'A'}` }));
    expect(wrongCheck.body.errors.fiscal_code[0]).toMatch(/carattere di controllo/);
    const tooLong = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(member({ card_code: 'X1', fiscal_code: `${ROSSI}X` }));
    expect(tooLong.body.errors.fiscal_code).toEqual(['Il codice fiscale può avere al massimo 16 caratteri.']);
    const otherBirth = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(member({ card_code: 'X1', season: '2020', birth_date: '1991-03-10' }));
    expect(otherBirth.body.errors.fiscal_code).toEqual(['Il codice fiscale non corrisponde alla data di nascita.']);
    const bad = await request(app)
      .post('/api/admin/bvu-members')
      .set(bearer(admin))
      .send(member({ card_code: 'X1', season: '26', email: 'non-una-mail', gender: 'X' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'gender', 'season']);
    const reversed = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(member({ card_code: 'X1', season: '2020', issue_date: '2020-05-01', expiry_date: '2020-04-30' }));
    expect(reversed.body.errors).toEqual({ expiry_date: ['La data di scadenza non può precedere quella di rilascio.'] });
  });

  it('edits and deletes, answering 404 for an unknown member; a card issued with that BVU code keeps it', async () => {
    const created = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(member({ card_code: 'BVU-200', fiscal_code: NERI, first_name: 'Luca', last_name: 'Neri', birth_date: '2001-12-01' }));
    const id = created.body.bvu_member.id as number;
    const edited = await request(app).put(`/api/admin/bvu-members/${id}`).set(bearer(admin)).send(member({ card_code: 'BVU-201', fiscal_code: NERI, first_name: 'Luca', last_name: 'Neri', birth_date: '2001-12-01', email: '' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Tesserato BVU aggiornato con successo!', bvu_member: { card_code: 'BVU-201', email: null } });
    expect((await request(app).put('/api/admin/bvu-members/999999').set(bearer(admin)).send(member())).status).toBe(404);

    const removed = await request(app).delete(`/api/admin/bvu-members/${id}`).set(bearer(admin));
    expect(removed.body.message).toBe('Tesserato BVU eliminato con successo!');
    expect(await db.bvuMember.findUnique({ where: { id } })).toBeNull();
    expect((await request(app).delete(`/api/admin/bvu-members/${id}`).set(bearer(admin))).status).toBe(404);
  });

  it('lists 10 a page by last name, searches name in either order, card code and fiscal code', async () => {
    await db.bvuMember.createMany({
      data: Array.from({ length: 12 }, (_, index) => ({ cardCode: `LIST-${index}`, season: '2019', lastName: `Zeta${String(index).padStart(2, '0')}`, firstName: 'Elenco', fiscalCode: `ZZZZZZ00A01H${String(index).padStart(3, '0')}Z`.slice(0, 16) })),
    });
    const first = await request(app).get('/api/admin/bvu-members').query({ search: 'elenco' }).set(bearer(staff));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, total: 12, per_page: 10 });
    expect(first.body.data.map((row: { last_name: string }) => row.last_name)).toEqual(Array.from({ length: 10 }, (_, index) => `Zeta${String(index).padStart(2, '0')}`));
    const second = await request(app).get('/api/admin/bvu-members').query({ search: 'elenco', page: 2 }).set(bearer(staff));
    expect(second.body.data).toHaveLength(2);
    const descending = await request(app).get('/api/admin/bvu-members').query({ search: 'elenco', sort_order: 'desc', per_page: 1 }).set(bearer(staff));
    expect(descending.body.data[0].last_name).toBe('Zeta11');

    expect((await request(app).get('/api/admin/bvu-members').query({ search: 'Mario Rossi' }).set(bearer(staff))).body.total).toBe(2);
    expect((await request(app).get('/api/admin/bvu-members').query({ search: 'rossi mario' }).set(bearer(staff))).body.total).toBe(2);
    expect((await request(app).get('/api/admin/bvu-members').query({ search: 'LIST-11' }).set(bearer(staff))).body.total).toBe(1);
    expect((await request(app).get('/api/admin/bvu-members').query({ search: VERDI.slice(0, 6) }).set(bearer(staff))).body.total).toBe(0);
    expect((await request(app).get('/api/admin/bvu-members').query({ sort_by: 'password' }).set(bearer(staff))).status).toBe(422);
  });

  it('lets staff read but not write, and keeps members and anonymous callers out', async () => {
    expect((await request(app).get('/api/admin/bvu-members')).status).toBe(401);
    expect((await request(app).get('/api/admin/bvu-members').set(bearer(user))).status).toBe(403);
    expect((await request(app).post('/api/admin/bvu-members').set(bearer(staff)).send(member())).status).toBe(403);
    expect((await importFile(staff, 'codice_tessera;cognome;nome;codice_fiscale\n')).status).toBe(403);
    expect((await request(app).post('/api/admin/bvu-members/import').attach('file', Buffer.from('x'), 'a.csv')).status).toBe(401);
  });
});

describe('BVU members: CSV import', () => {
  const header = 'codice_tessera;stagione;cognome;nome;codice_fiscale;sesso;data_nascita;email;data_rilascio;data_scadenza';
  const people = Array.from({ length: 6 }, (_, index) => {
    const birth = `199${index}-0${index + 1}-1${index}`;
    return { code: `IMP-${index}`, last: `Import${'abcdef'[index]}`, first: 'Prova', birth, fiscal: fiscalCodeOf('Prova', `Import${'abcdef'[index]}`, birth, 'F') };
  });
  const line = (person: (typeof people)[number], extra: Partial<{ code: string; fiscal: string; birth: string; email: string }> = {}) => {
    const [year, month, day] = (extra.birth ?? person.birth).split('-');
    return [extra.code ?? person.code, '2024', person.last, person.first, extra.fiscal ?? person.fiscal, 'F', `${day}/${month}/${year}`, extra.email ?? `${person.first}.${person.last}@esempio.it`, '01/03/2024', '2024-12-31'].join(';');
  };

  it('imports the good rows and reports each bad one with its line number', async () => {
    const csv = [
      header,
      line(people[0]!), // line 2
      line(people[1]!, { fiscal: 'RSSMRA90C10H294' }), // 3: 15 characters
      line(people[2]!), // 4
      line(people[3]!, { birth: '1993-13-45' }), // 5: bad date
      line(people[4]!, { email: 'posta' }), // 6
      line(people[5]!), // 7
      line(people[0]!, { code: 'IMP-9' }), // 8: same member as line 2
      '',
    ].join('\r\n');
    const response = await importFile(admin, csv);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ created: 3, updated: 0, message: 'Importazione completata: 3 tesserati aggiunti, 0 aggiornati, 4 righe scartate.' });
    expect(response.body.errors).toEqual([
      'Riga 3: codice fiscale: Il codice fiscale è fatto di 16 lettere e cifre.',
      'Riga 5: data di nascita: Inserisci una data valida.',
      'Riga 6: e-mail: Inserisci un indirizzo e-mail valido.',
      'Riga 8: stesso tesserato (codice fiscale e stagione) della riga 2; vale la riga 2.',
    ]);
    const imported = await db.bvuMember.findMany({ where: { season: '2024', cardCode: { startsWith: 'IMP-' } }, orderBy: { cardCode: 'asc' } });
    expect(imported.map((row) => row.cardCode)).toEqual(['IMP-0', 'IMP-2', 'IMP-5']);
    expect(imported[0]).toMatchObject({ fiscalCode: people[0]!.fiscal, email: 'prova.importa@esempio.it' });
    expect(imported[0]!.birthDate?.toISOString().slice(0, 10)).toBe(people[0]!.birth);
  });

  it('updates on a second import instead of duplicating, and refuses a card code another member holds', async () => {
    const before = await countMembers();
    const csv = [header, line(people[0]!, { email: 'nuova@esempio.it' }), line(people[2]!), line(people[3]!, { code: 'IMP-5' })].join('\n');
    const response = await importFile(admin, csv);
    expect(response.body).toMatchObject({ created: 0, updated: 2, errors: ['Riga 4: codice tessera già assegnato a un altro tesserato nella stagione 2024.'] });
    expect(await countMembers()).toBe(before);
    expect((await db.bvuMember.findFirst({ where: { cardCode: 'IMP-0', season: '2024' } }))?.email).toBe('nuova@esempio.it');
  });

  it('reads English headers with "," and a BOM, Windows-1252 accents, and a missing season as the current one', async () => {
    const person = { fiscal: fiscalCodeOf('Nicolo', 'Savignano', '1999-09-09', 'M') };
    const english = `\uFEFFcard_code,last_name,first_name,fiscal_code,birth_date\nENG-1,Bianchi,Carla,${fiscalCodeOf('Carla', 'Bianchi', '1980-01-02', 'F')},1980-01-02\n`;
    const viaBom = await importFile(admin, english);
    expect(viaBom.body).toMatchObject({ created: 1, errors: [] });
    expect(await db.bvuMember.findFirst({ where: { cardCode: 'ENG-1' } })).toMatchObject({ season, lastName: 'Bianchi' });

    const windows = iconv.encode(`Codice Tessera;Cognome;Nome;Codice Fiscale\nWIN-1;Savignanò;Nicolò;${person.fiscal}\n`, 'win1252');
    const viaWindows = await importFile(admin, windows, 'export.csv', 'application/vnd.ms-excel');
    expect(viaWindows.body).toMatchObject({ created: 1, errors: [] });
    expect(await db.bvuMember.findFirst({ where: { cardCode: 'WIN-1' } })).toMatchObject({ lastName: 'Savignanò', firstName: 'Nicolò' });
  });

  it('reads a file with quotes as the same file without them: trimmed fields, blank lines, short and long rows, line numbers', async () => {
    const fileOf = (season: string, quoted: boolean) =>
      [
        'codice_tessera;stagione;cognome;nome;codice_fiscale',
        '',
        `  Q-1 ;${season};Rossi; Mario ;${ROSSI}\t`,
        '   ',
        `Q-2;${season};${quoted ? '"Verdi"' : 'Verdi'};Anna`,
        `Q-3;${season};Neri;Luca;${NERI};altro;ancora`,
        `Q-4;${season};Bianchi;Carla;CORTO`,
      ].join('\r\n');
    for (const [season, quoted] of [['2030', false], ['2031', true]] as const) {
      const response = await importFile(admin, fileOf(season, quoted));
      expect(response.body).toMatchObject({
        created: 2,
        errors: ['Riga 5: codice fiscale: Campo obbligatorio.', 'Riga 7: codice fiscale: Il codice fiscale è fatto di 16 lettere e cifre.'],
      });
      expect(await db.bvuMember.findFirst({ where: { season, fiscalCode: ROSSI } })).toMatchObject({ cardCode: 'Q-1', firstName: 'Mario' });
    }
    const malformed = await importFile(admin, 'codice_tessera;cognome;nome;codice_fiscale\nQ-5;"Ros"si;Mario;X\n');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.file).toEqual(['Il file non è un CSV valido (riga 2): controlla separatori e virgolette.']);
  });

  it('reports a repeated bad value on every row that has it, and a card expiring before its issue', async () => {
    const csv = [
      'codice_tessera;stagione;cognome;nome;codice_fiscale;sesso;data_rilascio;data_scadenza',
      `R-1;2033;Rossi;Mario;${ROSSI};X;01/05/2033;31/12/2033`,
      `R-2;2033;Verdi;Anna;${VERDI};X;01/05/2033;31/12/2033`,
      `R-3;2033;Neri;Luca;${NERI};M;01/05/2033;30/04/2033`,
    ].join('\n');
    expect((await importFile(admin, csv)).body).toMatchObject({
      created: 0,
      errors: [
        'Riga 2: sesso: Sesso non valido: M o F.',
        'Riga 3: sesso: Sesso non valido: M o F.',
        'Riga 4: data di scadenza: La data di scadenza non può precedere quella di rilascio.',
      ],
    });
  });

  it('leaves a member the file repeats unchanged untouched, and still counts it as updated', async () => {
    const row = 'U-1;2032;Rossi;Mario;' + ROSSI;
    const file = `codice_tessera;stagione;cognome;nome;codice_fiscale\n${row}\n`;
    expect((await importFile(admin, file)).body).toMatchObject({ created: 1, updated: 0 });
    const stored = await db.bvuMember.findFirstOrThrow({ where: { season: '2032', fiscalCode: ROSSI } });
    expect((await importFile(admin, file)).body).toMatchObject({ created: 0, updated: 1, errors: [] });
    expect((await db.bvuMember.findFirstOrThrow({ where: { id: stored.id } })).updatedAt).toEqual(stored.updatedAt);
    expect((await importFile(admin, file.replace('Mario', 'Mario Luigi'))).body).toMatchObject({ created: 0, updated: 1 });
    const changed = await db.bvuMember.findFirstOrThrow({ where: { id: stored.id } });
    expect(changed.firstName).toBe('Mario Luigi');
    expect(changed.updatedAt.getTime()).toBeGreaterThan(stored.updatedAt.getTime());
  });

  it('refuses a file over 10 MB (413), a file that is not CSV, a missing column and a file with no rows (422), writing nothing', async () => {
    const before = await countMembers();
    const huge = await importFile(admin, Buffer.alloc(11 * 1024 * 1024, 'a'));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(UPLOAD_MESSAGES.tooLarge);
    const image = await importFile(admin, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'foto.png', 'image/png');
    expect(image.status).toBe(422);
    expect(image.body.errors.file).toEqual(['Il file deve essere in formato CSV. Formato attuale: image/png']);
    const binary = await importFile(admin, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'tesserati.csv');
    expect(binary.status).toBe(422);
    const noColumn = await importFile(admin, 'cognome;nome\nRossi;Mario\n');
    expect(noColumn.status).toBe(422);
    expect(noColumn.body.errors.file[0]).toMatch(/^Manca la colonna obbligatoria: codice_tessera, codice_fiscale/);
    expect((await importFile(admin, `${header}\n`)).status).toBe(422);
    const noFile = await request(app).post('/api/admin/bvu-members/import').set(bearer(admin)).field('nota', 'niente');
    expect(noFile.status).toBe(422);
    expect(await countMembers()).toBe(before);
  });

  it('refuses a file with more rows than the cap, saying the cap, and writes nothing', async () => {
    const before = await countMembers();
    // Short invalid rows: the shape of a file that is small in bytes but huge in rows.
    const rows = Array.from({ length: BVU_IMPORT_MAX_ROWS + 1 }, (_, index) => `C${index};X;Y;Z`);
    const response = await importFile(admin, ['codice_tessera;cognome;nome;codice_fiscale', ...rows].join('\n'));
    expect(response.status).toBe(422);
    expect(response.body.errors.file).toEqual(['Il file ha più di 100.000 righe di dati: dividilo in più file.']);
    expect(await countMembers()).toBe(before);
  });

  it('lists the first 1,000 problems in line order and counts the rest, still importing the good rows', async () => {
    const good = fiscalCodeOf('Buona', 'Riga', '1988-08-08', 'F');
    const bad = Array.from({ length: BVU_IMPORT_MAX_ERRORS + 500 }, (_, index) => `MANY-${index};Cattiva;Riga;CORTO`);
    const response = await importFile(admin, ['codice_tessera;stagione;cognome;nome;codice_fiscale', `MANY-OK;2023;Riga;Buona;${good}`, ...bad.map((row) => row.replace(';', ';2023;'))].join('\n'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ created: 1, updated: 0, errors_not_listed: 500, message: 'Importazione completata: 1 tesserato aggiunto, 0 aggiornati, 1500 righe scartate.' });
    expect(response.body.errors).toHaveLength(BVU_IMPORT_MAX_ERRORS);
    expect(response.body.errors[0]).toBe('Riga 3: codice fiscale: Il codice fiscale è fatto di 16 lettere e cifre.');
    expect(response.body.errors[BVU_IMPORT_MAX_ERRORS - 1]).toMatch(/^Riga 1002: /);
    expect(await db.bvuMember.count({ where: { cardCode: 'MANY-OK', season: '2023' } })).toBe(1);
  });

  it('writes nothing when the database fails half-way through the import', async () => {
    const before = await countMembers();
    const victim = fiscalCodeOf('Guasto', 'Finale', '1977-04-04', 'M');
    // A trigger that fails on one row stands for any failure after the first rows were written.
    await db.$executeRawUnsafe(`
      CREATE FUNCTION fail_on_victim() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.fiscal_code = '${victim}' THEN RAISE EXCEPTION 'guasto simulato'; END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe('CREATE TRIGGER fail_on_victim BEFORE INSERT ON bvu_members FOR EACH ROW EXECUTE FUNCTION fail_on_victim()');
    try {
      const birthOf = (index: number) => `1990-0${1 + Math.floor(index / 28)}-${String(1 + (index % 28)).padStart(2, '0')}`;
      const rows = Array.from({ length: 50 }, (_, index) => `HALF-${index};Metà;Riga;${fiscalCodeOf('Riga', 'Meta', birthOf(index), 'M')}`);
      const csv = ['codice_tessera;cognome;nome;codice_fiscale', ...rows, `HALF-X;Finale;Guasto;${victim}`].join('\n');
      const response = await importFile(admin, csv);
      expect(response.status).toBe(500);
      expect(await countMembers()).toBe(before);
    } finally {
      await db.$executeRawUnsafe('DROP TRIGGER fail_on_victim ON bvu_members');
      await db.$executeRawUnsafe('DROP FUNCTION fail_on_victim()');
    }
  });
});

describe('BVU members: audit log', () => {
  const BIANCHI = fiscalCodeOf('Sara', 'Bianchi', '1992-05-05', 'F');
  const sara = (overrides: Record<string, unknown> = {}) =>
    member({ card_code: 'BVU-AUDIT', fiscal_code: BIANCHI, first_name: 'Sara', last_name: 'Bianchi', gender: 'F', birth_date: '1992-05-05', ...overrides });

  it('records an addition and an edit with the row, and keeps no deletion whose entry cannot be written', async () => {
    const { body } = await request(app).post('/api/admin/bvu-members').set(bearer(admin)).send(sara()).expect(201);
    const id = body.bvu_member.id as number;
    expect(await lastAuditOf(db, 'bvu_members', id)).toMatchObject({ action: 'create', route: 'POST /api/admin/bvu-members', beforeData: null, afterData: expect.objectContaining({ id, fiscal_code: BIANCHI }) });
    await request(app).put(`/api/admin/bvu-members/${id}`).set(bearer(admin)).send(sara({ card_code: 'BVU-AUDIT-2' })).expect(200);
    expect(await lastAuditOf(db, 'bvu_members', id)).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/bvu-members/:id',
      beforeData: expect.objectContaining({ card_code: 'BVU-AUDIT' }),
      afterData: expect.objectContaining({ card_code: 'BVU-AUDIT-2' }),
    });

    await whileRefusing(db, 'audit_log', () => request(app).delete(`/api/admin/bvu-members/${id}`).set(bearer(admin)).expect(500));
    expect(await db.bvuMember.count({ where: { id } })).toBe(1);
    await request(app).delete(`/api/admin/bvu-members/${id}`).set(bearer(admin)).expect(200);
    expect(await lastAuditOf(db, 'bvu_members', id)).toMatchObject({ action: 'delete', beforeData: expect.objectContaining({ id }), afterData: null });
  });

  it('records an import as one entry with its counts, even when every row was refused, and imports nothing without it', async () => {
    const header = 'codice_tessera;stagione;cognome;nome;codice_fiscale';
    const csv = [header, `AUD-1;2022;Bianchi;Sara;${BIANCHI}`, 'AUD-2;2022;Cattiva;Riga;CORTO'].join('\n');
    await whileRefusing(db, 'audit_log', () => importFile(admin, csv).expect(500));
    expect(await db.bvuMember.count({ where: { cardCode: 'AUD-1' } })).toBe(0);

    await importFile(admin, csv).expect(200);
    expect(await lastAuditOf(db, 'bvu_members', null)).toMatchObject({
      action: 'import',
      route: 'POST /api/admin/bvu-members/import',
      subjectUserId: null,
      beforeData: null,
      afterData: { created: 1, updated: 0, skipped: 1 },
    });
    await importFile(admin, [header, 'AUD-3;2022;Cattiva;Riga;CORTO'].join('\n')).expect(200);
    expect((await lastAuditOf(db, 'bvu_members', null))?.afterData).toEqual({ created: 0, updated: 0, skipped: 1 });
  });
});
