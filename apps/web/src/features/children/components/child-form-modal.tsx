// A child added or edited by the parent: name, birth date, fiscal code (optional), health notes, who may
// collect them, photo consent; a new child also needs the parent's declaration as parent or guardian.
import { HEALTH_NOTES_MAX_LENGTH, PICKUP_PEOPLE_MAX_LENGTH, ZNewChildBody, type TChild, type TNewChildBody } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Checkbox, Input, Textarea } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { localizedTo } from '../../../lib/i18n';
import type { Locale } from '@beach/i18n';
import { useSaveChild } from '../api/children';

const EMPTY: TNewChildBody = { first_name: '', last_name: '', birth_date: '', fiscal_code: '', health_notes: '', pickup_people: '', photo_consent: false, guardian_consent: false };

/** An edited child's form: the declaration was given when the child was added, and is not asked again. */
const formOf = (child: TChild): TNewChildBody => ({
  first_name: child.first_name,
  last_name: child.last_name,
  birth_date: child.birth_date,
  photo_consent: child.photo_consent,
  fiscal_code: child.fiscal_code ?? '',
  health_notes: child.health_notes ?? '',
  pickup_people: child.pickup_people ?? '',
  guardian_consent: true,
});

/** Mounted while open; `child` null: a new one. */
export function ChildFormModal({ child, onClose, onSaved }: { child: TChild | null; onClose: () => void; onSaved: (message: string) => void }) {
  const { i18n, t } = useLingui();
  const save = useSaveChild();
  const { field, register, submit, failure, errorOf } = useZodForm({
    schema: ZNewChildBody,
    defaultValues: child ? formOf(child) : EMPTY,
    messages: { failed: t`Non è stato possibile salvare i dati. Riprova più tardi.` },
  });
  const send = async ({ guardian_consent, ...body }: TNewChildBody) => {
    const saved = await save.mutateAsync(child ? { id: child.id, body } : { id: null, body: { ...body, guardian_consent } });
    onClose();
    const name = saved.first_name;
    onSaved(child ? t`Dati di ${name} aggiornati.` : t`Abbiamo aggiunto ${name} al tuo account.`);
  };
  const editedName = child?.first_name;
  return (
    <FormModal title={child ? t`Modifica i dati di ${editedName}` : t`Aggiungi un figlio`} onClose={onClose} formId="child-form" saving={save.isPending}>
      <form id="child-form" onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
        {/* No maxLength on the names: a longer one is refused under its field, as registration does, never cut in silence. */}
        <Input label={t`Nome`} required autoComplete="off" {...field('first_name')} />
        <Input label={t`Cognome`} required autoComplete="off" {...field('last_name')} />
        <Input label={t`Data di nascita`} type="date" required {...field('birth_date')} />
        <Input label={t`Codice fiscale`} hint={t`Facoltativo.`} maxLength={16} autoCapitalize="characters" {...field('fiscal_code')} />
        <div className="sm:col-span-2">
          <Textarea
            label={t`Note sulla salute`}
            hint={t`Allergie, farmaci, altro che l’allenatore deve sapere. Le leggono solo lo staff e l’allenatore.`}
            rows={3}
            maxLength={HEALTH_NOTES_MAX_LENGTH}
            {...field('health_notes')}
          />
        </div>
        <div className="sm:col-span-2">
          <Textarea
            label={t`Persone autorizzate al ritiro`}
            hint={t`Chi può venire a prendere il bambino oltre a te: nome e cognome.`}
            rows={2}
            maxLength={PICKUP_PEOPLE_MAX_LENGTH}
            {...field('pickup_people')}
          />
        </div>
        <div className="sm:col-span-2">
          <Checkbox label={t`Acconsento a foto e video del minore durante le attività della scuola`} {...register('photo_consent')} />
        </div>
        {!child && (
          <div className="sm:col-span-2">
            <Checkbox
              label={
                <Trans>
                  Dichiaro di essere il genitore o tutore e accetto l’
                  <Link to={localizedTo(i18n.locale as Locale, paths.privacyNotice)} target="_blank" className="underline">
                    informativa sulla privacy
                  </Link>{' '}
                  per conto del minore.
                </Trans>
              }
              error={errorOf('guardian_consent')}
              {...register('guardian_consent')}
            />
          </div>
        )}
        <FormAlert failure={failure} className="sm:col-span-2" />
      </form>
    </FormModal>
  );
}
