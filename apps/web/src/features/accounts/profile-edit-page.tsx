import type {
  ProfileResponse,
  ProfileUpdateRequest,
  profileUpdateRequestSchema,
} from '@kaunti/contract/api-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useForm } from '../../lib/form';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useTranslation } from '../../lib/translator';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { Spinner } from '../../ui/spinner/spinner';
import { toast } from '../../ui/toast/toast-store';
import styles from './accounts.module.css';
import { accountsApi } from './accounts-api';
import { setCurrentUser } from './auth-store';
import { NameFields, TextField } from './form-controls';
import { type PhotoChoice, PhotoField } from './photo-field';
import { PROFILE_QUERY_KEY, useProfileQuery } from './profile-query';
import { useSchemaSubmit } from './schema-submit';
import { applyFieldErrors, ServerError } from './server-error';
import { useServerMessage } from './use-server-message';

const FIELDS = [
  'first_name',
  'middle_name',
  'sur_name',
  'email',
  'mobile_number_2nd',
  'secondary_email',
  'photo',
] as const;
type Output = z.output<typeof profileUpdateRequestSchema>;

// The form is checked on submit: its schema (and zod) load then, not with the page.
const profileResolver = lazyResolver<ProfileUpdateRequest, Output>(async () => {
  const [{ zodResolver }, { profileUpdateRequestSchema: schema }] = await Promise.all([
    import('../../lib/zod-resolver'),
    import('@kaunti/contract/api-accounts'),
  ]);
  return zodResolver(schema);
});

/** /profile/edit: the photo, names, e-mail, a second phone and e-mail. */
export function ProfileEditPage() {
  const { t } = useTranslation('accounts');
  const profile = useProfileQuery();
  return (
    <div className={styles.narrow}>
      <PageHeading title={t('edit.title')} lead={t('edit.lead')} />
      {profile.isPending ? <Spinner label={t('profile.loading')} /> : null}
      {profile.isError ? <ServerError error={profile.error} /> : null}
      {profile.data ? <ProfileForm profile={profile.data} /> : null}
    </div>
  );
}

function ProfileForm({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('accounts');
  const message = useServerMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = profile.data;
  const form = useForm<ProfileUpdateRequest, unknown, Output>({
    resolver: profileResolver,
    mode: 'onSubmit',
    defaultValues: {
      first_name: user.first_name,
      middle_name: user.middle_name ?? '',
      sur_name: user.sur_name,
      email: user.email,
      mobile_number_2nd: user.mobile_number_2nd ? `0${user.mobile_number_2nd.slice(3)}` : '',
      secondary_email: user.secondary_email ?? '',
    },
  });
  const [photo, setPhoto] = useState<PhotoChoice>({ id: user.photo });
  const save = useMutation({
    // The photo goes with the other fields only when it changed (left out, it is kept).
    mutationFn: (values: Output) =>
      accountsApi.updateProfile(photo.id === user.photo ? values : { ...values, photo: photo.id }),
    onSuccess: (response) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, { ...profile, data: response.data });
      setCurrentUser({
        id: response.data.id,
        first_name: response.data.first_name,
        phone_number: response.data.phone_number,
      });
      toast.success(message(response.message));
      navigate('/profile/view');
    },
    onError: (error) => applyFieldErrors(error, form.setError, FIELDS),
  });
  const schema = useSchemaSubmit();
  const errors = form.formState.errors;

  return (
    <section className={styles.panel} aria-label={t('edit.title')}>
      <ServerError error={save.error} />
      <LoadErrorAlert failure={schema.failure} />
      <form noValidate onSubmit={schema.guard(form.handleSubmit((values) => save.mutate(values)))}>
        <PhotoField
          value={photo}
          onChange={(choice) => {
            form.clearErrors('photo');
            setPhoto(choice);
          }}
          name={user.full_name}
          serverError={errors.photo?.message ? message(errors.photo.message) : undefined}
        />
        <NameFields
          registrations={{
            first_name: form.register('first_name'),
            middle_name: form.register('middle_name'),
            sur_name: form.register('sur_name'),
          }}
          errors={errors}
        />
        <TextField
          id="email"
          label={t('fields.email')}
          required
          type="email"
          autoComplete="email"
          error={errors.email}
          registration={form.register('email')}
        />
        <TextField
          id="mobile_number_2nd"
          label={t('fields.secondPhone')}
          hint={t('fields.secondPhoneHint')}
          type="tel"
          inputMode="tel"
          error={errors.mobile_number_2nd}
          registration={form.register('mobile_number_2nd')}
        />
        <TextField
          id="secondary_email"
          label={t('fields.secondaryEmail')}
          type="email"
          error={errors.secondary_email}
          registration={form.register('secondary_email')}
        />
        <div className={styles.actions}>
          <Button
            type="submit"
            busy={save.isPending || form.formState.isSubmitting}
            busyLabel={t('edit.busy')}
          >
            {t('edit.submit')}
          </Button>
          <Link to="/profile/view">{t('edit.cancel')}</Link>
        </div>
      </form>
    </section>
  );
}
