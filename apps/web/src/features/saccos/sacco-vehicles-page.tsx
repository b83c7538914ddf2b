import type { SaccoVehicle } from '@kaunti/contract/api-saccos';
import { formatKes } from '@kaunti/contract/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { Button, ButtonLink } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import { StatusBadge, type StatusTone } from '../../ui/status-badge/status-badge';
import { SaccoFailure } from './psv-gate';
import { SaccoInput, useSaccoForm } from './sacco-form';
import styles from './saccos.module.css';
import { saccosApi, useSaccos, useSaccoVehicles } from './saccos-api';

const TONE: Record<SaccoVehicle['sticker']['status'], StatusTone> = {
  due: 'action',
  pending: 'neutral',
  paid: 'good',
};

/** The Sacco of `?sacco=`, else the user's first: its id, or undefined while there is none. */
function useChosenSacco() {
  const [params] = useSearchParams();
  const saccos = useSaccos();
  const id = params.get('sacco') ?? saccos.data?.[0]?.id;
  return { saccos, id };
}

/**
 * /account/sacco-vehicles: a Sacco's vehicles with this year's sticker of each (due with its
 * price by seats, billed, or paid with its printable sticker). Select several due ones and pay
 * their stickers in one bill by M-Pesa (the payment page sends the prompt); remove a vehicle.
 */
export function SaccoVehiclesPage() {
  const { t } = useTranslation('saccos');
  const { saccos, id } = useChosenSacco();
  const vehicles = useSaccoVehicles(id);
  const error = saccos.error ?? vehicles.error;
  return (
    <div className={styles.page}>
      <PageHeading title={t('vehicles.title')} lead={t('vehicles.lead')} />
      <p className={styles.links}>
        <Link to="/account/transport-sacco-vehicles">{t('vehicles.mySaccos')}</Link>
      </p>
      {error ? <SaccoFailure error={error} /> : null}
      {saccos.isPending || (id && vehicles.isPending) ? <Spinner label={t('loading')} /> : null}
      {saccos.data && !id ? (
        <EmptyState>
          <p>{t('vehicles.noSacco')}</p>
          <ButtonLink to="/account/transport-sacco-vehicles/add" variant="secondary">
            {t('saccos.register')}
          </ButtonLink>
        </EmptyState>
      ) : null}
      {vehicles.data ? (
        <Fleet
          key={vehicles.data.sacco.id}
          saccoId={vehicles.data.sacco.id}
          name={vehicles.data.sacco.name}
          vehicles={vehicles.data.data}
        />
      ) : null}
    </div>
  );
}

function Fleet({ saccoId, name, vehicles }: { saccoId: string; name: string; vehicles: SaccoVehicle[] }) {
  const { t } = useTranslation('saccos');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const due = vehicles.filter((v) => v.sticker.status === 'due');
  const chosen = due.filter((v) => selected.has(v.id));
  const total = chosen.reduce((sum, v) => sum + (v.sticker.amount_cents ?? 0), 0);
  const pay = useMutation({
    mutationFn: () =>
      saccosApi.billStickers(
        saccoId,
        chosen.map((v) => v.id),
      ),
    onSuccess: async (bill) => {
      await client.invalidateQueries({ queryKey: ['sacco-vehicles'] });
      await client.invalidateQueries({ queryKey: ['saccos'] });
      await navigate(`/payment?bill=${encodeURIComponent(bill.bill_no)}`);
    },
  });
  const remove = useMutation({
    mutationFn: (vehicleId: string) => saccosApi.removeVehicle(saccoId, vehicleId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['sacco-vehicles'] });
      await client.invalidateQueries({ queryKey: ['saccos'] });
    },
  });
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <section aria-labelledby="fleet-title">
      <h2 id="fleet-title" className={styles.fleetTitle}>
        {name}
      </h2>
      <p className={styles.actions}>
        <ButtonLink
          to={`/account/sacco-vehicles/add?sacco=${encodeURIComponent(saccoId)}`}
          variant="secondary"
        >
          {t('vehicles.add')}
        </ButtonLink>
        <ButtonLink to="/account/sacco-vehicles/change" variant="secondary">
          {t('vehicles.change')}
        </ButtonLink>
      </p>
      {pay.isError ? <SaccoFailure error={pay.error} /> : null}
      {remove.isError ? <SaccoFailure error={remove.error} /> : null}
      {vehicles.length === 0 ? (
        <EmptyState>
          <p>{t('vehicles.empty')}</p>
        </EmptyState>
      ) : (
        <form
          aria-label={t('vehicles.payTitle')}
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen.length > 0) pay.mutate();
          }}
        >
          <CardList>
            {vehicles.map((vehicle) => (
              <Card
                key={vehicle.id}
                headingId={`vehicle-${vehicle.id}`}
                title={vehicle.plate}
                level={3}
                data-testid="sacco-vehicle"
                badge={
                  <StatusBadge tone={TONE[vehicle.sticker.status]} status={vehicle.sticker.status}>
                    {t(`sticker.${vehicle.sticker.status}`, { year: vehicle.sticker.year })}
                  </StatusBadge>
                }
              >
                <FactList>
                  <Fact label={t('vehicle.seats')}>{vehicle.seats}</Fact>
                  <Fact label={t('vehicle.route')}>{vehicle.route}</Fact>
                  <Fact label={t('vehicle.owner')}>{vehicle.owner_name}</Fact>
                  {vehicle.old_plate ? <Fact label={t('vehicle.oldPlate')}>{vehicle.old_plate}</Fact> : null}
                  {vehicle.sticker.amount_cents !== null ? (
                    <Fact label={t('vehicle.sticker')}>{formatKes(vehicle.sticker.amount_cents)}</Fact>
                  ) : null}
                </FactList>
                <div className={styles.vehicleActions}>
                  {vehicle.sticker.status === 'due' ? (
                    <label className={styles.select}>
                      <input
                        type="checkbox"
                        checked={selected.has(vehicle.id)}
                        onChange={(e) => toggle(vehicle.id, e.target.checked)}
                      />{' '}
                      {t('vehicles.select', { plate: vehicle.plate })}
                    </label>
                  ) : null}
                  {vehicle.sticker.document?.print_url ? (
                    <a href={vehicle.sticker.document.print_url}>
                      {t('vehicles.printSticker')}
                      <span className="visually-hidden"> {vehicle.plate}</span>
                    </a>
                  ) : null}
                  {vehicle.sticker.status === 'pending' && vehicle.sticker.bill_no ? (
                    <Link to={`/payment?bill=${encodeURIComponent(vehicle.sticker.bill_no)}`}>
                      {t('vehicles.payBill', { bill: vehicle.sticker.bill_no })}
                    </Link>
                  ) : null}
                  <Button
                    variant="link"
                    busy={remove.isPending && remove.variables === vehicle.id}
                    onClick={() => remove.mutate(vehicle.id)}
                  >
                    {t('vehicles.remove')}
                    <span className="visually-hidden"> {vehicle.plate}</span>
                  </Button>
                </div>
              </Card>
            ))}
          </CardList>
          <div className={styles.payBar}>
            <p aria-live="polite" data-testid="sticker-total">
              {chosen.length > 0
                ? t('vehicles.total', { count: chosen.length, amount: formatKes(total) })
                : t('vehicles.chooseDue', { count: due.length })}
            </p>
            <Button type="submit" busy={pay.isPending} disabled={chosen.length === 0}>
              {t('vehicles.pay')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

type VehicleField = 'plate' | 'seats' | 'route' | 'owner_name' | 'owner_phone' | 'old_plate';

/**
 * /account/sacco-vehicles/add?sacco=: adds a vehicle to the Sacco (plate, seats, route, owner,
 * owner's phone and old number optional). What was typed stays when the server refuses it, each
 * error beside its field and in the summary.
 */
export function AddSaccoVehiclePage() {
  const { t } = useTranslation('saccos');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { saccos, id } = useChosenSacco();
  const form = useSaccoForm<VehicleField>('vehicle', {
    plate: '',
    seats: '',
    route: '',
    owner_name: '',
    owner_phone: '',
    old_plate: '',
  });
  const labels = {
    plate: t('vehicle.plate'),
    seats: t('vehicle.seats'),
    route: t('vehicle.route'),
    owner_name: t('vehicle.owner'),
    owner_phone: t('vehicle.ownerPhone'),
    old_plate: t('vehicle.oldPlate'),
  };
  const submit = form.submitWith(async (values) => {
    await saccosApi.addVehicle(id!, {
      plate: values.plate,
      seats: values.seats.trim() === '' ? Number.NaN : Number(values.seats),
      route: values.route,
      owner_name: values.owner_name,
      ...(values.owner_phone.trim() ? { owner_phone: values.owner_phone } : {}),
      ...(values.old_plate.trim() ? { old_plate: values.old_plate } : {}),
    });
    await client.invalidateQueries({ queryKey: ['sacco-vehicles'] });
    await client.invalidateQueries({ queryKey: ['saccos'] });
    await navigate(`/account/sacco-vehicles?sacco=${encodeURIComponent(id!)}`);
  });
  const error = saccos.error ?? form.failure;
  return (
    <div className={styles.page}>
      <PageHeading title={t('add.title')} lead={t('add.lead')} />
      {error ? <SaccoFailure error={error} /> : null}
      {saccos.isPending ? <Spinner label={t('loading')} /> : null}
      {saccos.data && !id ? (
        <EmptyState>
          <p>{t('vehicles.noSacco')}</p>
          <ButtonLink to="/account/transport-sacco-vehicles/add" variant="secondary">
            {t('saccos.register')}
          </ButtonLink>
        </EmptyState>
      ) : null}
      {id && saccos.data ? (
        <form className={styles.form} noValidate onSubmit={submit} aria-label={t('add.title')}>
          {form.summary(t('errorSummary'), labels)}
          <SaccoInput
            {...form.field('plate', {
              label: labels.plate,
              hint: t('add.plateHint'),
              required: true,
              autoComplete: 'off',
              autoCapitalize: 'characters',
              spellCheck: false,
            })}
          />
          <SaccoInput
            {...form.field('seats', {
              label: labels.seats,
              hint: t('add.seatsHint'),
              required: true,
              inputMode: 'numeric',
              autoComplete: 'off',
            })}
          />
          <SaccoInput
            {...form.field('route', { label: labels.route, hint: t('add.routeHint'), required: true })}
          />
          <SaccoInput
            {...form.field('owner_name', { label: labels.owner_name, required: true, autoComplete: 'off' })}
          />
          <SaccoInput
            {...form.field('owner_phone', {
              label: labels.owner_phone,
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'off',
            })}
          />
          <SaccoInput
            {...form.field('old_plate', {
              label: labels.old_plate,
              hint: t('add.oldPlateHint'),
              autoComplete: 'off',
              autoCapitalize: 'characters',
              spellCheck: false,
            })}
          />
          <Button type="submit" busy={form.busy} busyLabel={t('saving')}>
            {t('add.submit')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
