import { OFFICER_AREAS, OFFICER_ROLES, type Officer } from '@kaunti/contract/api-staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { controlClass, FormField } from '../../ui/form-field/form-field';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import styles from './staff.module.css';
import { useMe } from './staff-api';
import { TableRegion } from './table-region';

const TEXT_FIELDS = [
  'first_name',
  'sur_name',
  'phone_number',
  'identifier',
  'email',
  'staff_no',
  'start_password',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/**
 * /staff/officers: officer accounts — create one (no self sign-up), change an officer's roles and
 * service areas, deactivate or reactivate (administrators; never their own).
 */
export function OfficersPage() {
  const { t } = useTranslation('staff');
  const me = useMe();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['staff', 'officers'],
    queryFn: () => api<{ data: Officer[] }>('/api/staff/officers'),
  });
  const [editing, setEditing] = useState<Officer | null>(null);
  const toggle = useMutation({
    mutationFn: (officer: Officer) =>
      api(`/api/staff/officers/${officer.id}`, { method: 'PATCH', body: { active: !officer.active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'officers'] }),
  });
  return (
    <div>
      <PageHeading title={t('officers.title')} lead={t('officers.lead')} />
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data }) => (
          <TableRegion label={t('officers.title')}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('officers.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('application.name')}</th>
                  <th scope="col">{t('application.phone')}</th>
                  <th scope="col">{t('officers.roles')}</th>
                  <th scope="col">{t('officers.areas')}</th>
                  <th scope="col">{t('officers.state')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((officer) => (
                  <tr key={officer.id}>
                    <th scope="row">{officer.name}</th>
                    <td>{officer.phone_number}</td>
                    <td>{officer.roles.map((r) => t(`roles.${r}`)).join(', ')}</td>
                    <td>
                      {officer.areas.map((a) => t(`areas.${a}`)).join(', ')}{' '}
                      {officer.id === me.data?.id ? null : (
                        <Button variant="secondary" onClick={() => setEditing(officer)}>
                          {t('officers.edit')}
                          <span className="visually-hidden"> {officer.name}</span>
                        </Button>
                      )}
                    </td>
                    <td>
                      {officer.active ? t('officers.active') : t('officers.inactive')}{' '}
                      {officer.id === me.data?.id ? null : (
                        <Button
                          variant="secondary"
                          onClick={() => toggle.mutate(officer)}
                          disabled={toggle.isPending}
                        >
                          {officer.active ? t('officers.deactivate') : t('officers.reactivate')}
                          <span className="visually-hidden"> {officer.name}</span>
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </QueryState>
      {editing ? <EditOfficer key={editing.id} officer={editing} onDone={() => setEditing(null)} /> : null}
      <CreateOfficer />
    </div>
  );
}

function CreateOfficer() {
  const { t } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const empty = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>;
  const [values, setValues] = useState(empty);
  const [roles, setRoles] = useState<string[]>(['reviewer']);
  const [areas, setAreas] = useState<string[]>(['*']);
  const [errors, setErrors] = useState<{ fieldId: string; message: string }[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const create = useMutation({
    mutationFn: () =>
      api<Officer>('/api/staff/officers', {
        method: 'POST',
        body: { ...values, staff_no: values.staff_no || undefined, roles, areas },
      }),
    onSuccess: async () => {
      setValues(empty);
      setErrors([]);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'officers'] });
    },
    onError: (error) => {
      const details = error instanceof ApiError ? error.details : [];
      setErrors(
        details.length
          ? details.map((d) => ({ fieldId: `officer-${d.path.split('.')[0]}`, message: message(d.message) }))
          : [
              {
                fieldId: 'officer-first_name',
                message: error instanceof ApiError ? message(error.message) : t('failed'),
              },
            ],
      );
      setFocusKey((k) => k + 1);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  return (
    <section aria-labelledby="new-officer" className={styles.section}>
      <h2 id="new-officer">{t('officers.create')}</h2>
      {create.isSuccess ? (
        <Alert variant="success" title={t('officers.created')}>
          <p>{t('officers.createdLead')}</p>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate className={styles.decision}>
        <ErrorSummary title={t('decisions.problem')} errors={errors} focusKey={focusKey} />
        {TEXT_FIELDS.map((name) => (
          <FormField
            key={name}
            id={`officer-${name}`}
            label={t(`officers.fields.${name}`)}
            error={errors.find((e) => e.fieldId === `officer-${name}`)?.message}
            required={name !== 'staff_no'}
            requiredLabel={t('required')}
            errorPrefix={t('errorPrefix')}
          >
            {(control) => (
              <input
                {...control}
                type={name === 'start_password' ? 'password' : name === 'email' ? 'email' : 'text'}
                autoComplete={name === 'start_password' ? 'new-password' : 'off'}
                className={controlClass('input')}
                value={values[name]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [name]: value }));
                  setErrors((e) => e.filter((x) => x.fieldId !== `officer-${name}`));
                }}
              />
            )}
          </FormField>
        ))}
        <RolesAndAreas idPrefix="officer" roles={roles} areas={areas} onRoles={setRoles} onAreas={setAreas} />
        <Button type="submit" busy={create.isPending} busyLabel={t('decisions.saving')}>
          {t('officers.submit')}
        </Button>
      </form>
    </section>
  );
}

/** The roles and service areas of an officer, as two groups of check boxes (create and edit). */
function RolesAndAreas({
  idPrefix,
  roles,
  areas,
  onRoles,
  onAreas,
}: {
  idPrefix: string;
  roles: string[];
  areas: string[];
  onRoles: (next: string[]) => void;
  onAreas: (next: string[]) => void;
}) {
  const { t } = useTranslation('staff');
  const toggle = (list: string[], set: (next: string[]) => void, value: string) =>
    set(list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  return (
    <>
      <fieldset className={styles.fieldset} id={`${idPrefix}-roles`}>
        <legend>{t('officers.roles')}</legend>
        {OFFICER_ROLES.map((role) => (
          <div key={role} className={styles.radio}>
            <input
              type="checkbox"
              id={`${idPrefix}-role-${role}`}
              checked={roles.includes(role)}
              onChange={() => toggle(roles, onRoles, role)}
            />
            <label htmlFor={`${idPrefix}-role-${role}`}>{t(`roles.${role}`)}</label>
          </div>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset} id={`${idPrefix}-areas`}>
        <legend>{t('officers.areas')}</legend>
        {OFFICER_AREAS.map((area) => (
          <div key={area} className={styles.radio}>
            <input
              type="checkbox"
              id={`${idPrefix}-area-${area === '*' ? 'all' : area}`}
              checked={areas.includes(area)}
              onChange={() => toggle(areas, onAreas, area)}
            />
            <label htmlFor={`${idPrefix}-area-${area === '*' ? 'all' : area}`}>{t(`areas.${area}`)}</label>
          </div>
        ))}
      </fieldset>
    </>
  );
}

/** Changes an officer's roles and service areas (administrators; not their own roles). */
function EditOfficer({ officer, onDone }: { officer: Officer; onDone: () => void }) {
  const { t } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<string[]>(officer.roles);
  const [areas, setAreas] = useState<string[]>(officer.areas);
  const [errors, setErrors] = useState<{ fieldId: string; message: string }[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const save = useMutation({
    mutationFn: () =>
      api<Officer>(`/api/staff/officers/${officer.id}`, { method: 'PATCH', body: { roles, areas } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['staff', 'officers'] });
      onDone();
    },
    onError: (error) => {
      const details = error instanceof ApiError ? error.details : [];
      setErrors(
        details.length
          ? details.map((d) => ({ fieldId: `edit-${d.path.split('.')[0]}`, message: message(d.message) }))
          : [
              {
                fieldId: 'edit-roles',
                message: error instanceof ApiError ? message(error.message) : t('failed'),
              },
            ],
      );
      setFocusKey((k) => k + 1);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  return (
    <section aria-labelledby="edit-officer" className={styles.section}>
      <h2 id="edit-officer" ref={heading} tabIndex={-1}>
        {t('officers.editTitle', { name: officer.name })}
      </h2>
      <form onSubmit={submit} noValidate className={styles.decision}>
        <ErrorSummary title={t('decisions.problem')} errors={errors} focusKey={focusKey} />
        <RolesAndAreas idPrefix="edit" roles={roles} areas={areas} onRoles={setRoles} onAreas={setAreas} />
        <p className={styles.links}>
          <Button type="submit" busy={save.isPending} busyLabel={t('decisions.saving')}>
            {t('officers.save')}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {t('officers.cancel')}
          </Button>
        </p>
      </form>
    </section>
  );
}
