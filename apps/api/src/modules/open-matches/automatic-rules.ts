// The admin's rules for automatic matches (docs/open-matches.md#automatic-matches): which courts, weekdays and
// hours offer their empty slots as open matches, and the match each slot becomes.
import type { BodyOf, TAutomaticRule, api } from '@beach/contracts';
import { defineMessages } from '@beach/contracts';
import type { AutomaticMatchRule } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import type { Db } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { tenthsOf } from './open-match.js';

export const automaticMessages = defineMessages({
  ruleNotFound: /* i18n */ { id: 'api.open_matches.rule_not_found', message: 'Regola non trovata.' },
  ruleDeleted: /* i18n */ { id: 'api.open_matches.rule_deleted', message: 'Regola tolta: le partite già aperte restano.' },
  courtUnknown: /* i18n */ { id: 'api.open_matches.rule_court_unknown', message: 'Uno dei campi scelti non esiste.' },
  firstOutOfRange: /* i18n */ { id: 'api.open_matches.first_out_of_range', message: 'Il tuo livello non rientra in quello della partita: il primo giocatore di una partita automatica deve rientrarci.' },
  notOffered: /* i18n */ { id: 'api.open_matches.slot_not_offered', message: 'Questo orario non è più offerto come partita automatica: forse qualcuno l’ha appena preso.' },
});

const ENTITY = 'automatic_match_rules';

type RuleBody = BodyOf<typeof api.automaticMatches.createRule>;

const levelOf = (tenths: number | null) => (tenths === null ? null : tenths / 10);

export const ruleDto = (rule: AutomaticMatchRule): TAutomaticRule => ({
  id: rule.id,
  name: rule.name,
  active: rule.active,
  court_ids: rule.courtIds,
  weekdays: rule.weekdays,
  from_time: rule.fromTime,
  to_time: rule.toTime,
  format: rule.format,
  competitive: rule.competitive,
  level_min: levelOf(rule.levelMinTenths),
  level_max: levelOf(rule.levelMaxTenths),
  gender: rule.gender,
});

export function createAutomaticRules(db: Db) {
  async function dataOf(body: RuleBody) {
    const courtIds = [...new Set(body.court_ids)].sort((a, b) => a - b);
    if ((await db.court.count({ where: { id: { in: courtIds } } })) !== courtIds.length) throw new AppError(422, automaticMessages.courtUnknown, { court_ids: [automaticMessages.courtUnknown] });
    return {
      name: body.name,
      active: body.active,
      courtIds,
      weekdays: [...new Set(body.weekdays)].sort(),
      fromTime: body.from_time,
      toTime: body.to_time,
      format: body.format,
      competitive: body.competitive,
      levelMinTenths: body.competitive ? tenthsOf(body.level_min) : null,
      levelMaxTenths: body.competitive ? tenthsOf(body.level_max) : null,
      gender: body.gender,
    };
  }
  const found = async (id: number) => {
    if (!(await db.automaticMatchRule.findUnique({ where: { id } }))) throw new AppError(404, automaticMessages.ruleNotFound);
  };
  return {
    list: async () => ({ data: (await db.automaticMatchRule.findMany({ orderBy: { id: 'asc' } })).map(ruleDto) }),
    async create(body: RuleBody) {
      const data = await dataOf(body);
      return ruleDto(await db.$transaction((tx) => auditRow(tx, { entity: ENTITY, action: 'create' }, () => tx.automaticMatchRule.create({ data }))));
    },
    async update(id: number, body: RuleBody) {
      await found(id);
      const data = await dataOf(body);
      return ruleDto(await db.$transaction((tx) => auditRow(tx, { entity: ENTITY, id, action: 'update' }, () => tx.automaticMatchRule.update({ where: { id }, data }))));
    },
    // The matches a rule already made are ordinary matches on their first player's booking: they stay.
    async remove(id: number) {
      await found(id);
      await db.$transaction((tx) => auditRow(tx, { entity: ENTITY, id, action: 'delete' }, () => tx.automaticMatchRule.delete({ where: { id } })));
      return { message: automaticMessages.ruleDeleted };
    },
  };
}
