import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translator';
import { Button } from '../../ui/button/button';
import { removeVehicle } from './parking-api';

/** Removes one of the user's vehicles (my vehicles); the lists showing them follow. */
export function RemoveVehicleButton({ vehicle }: { vehicle: { id: string; plate: string } }) {
  const { t } = useTranslation('parking');
  const client = useQueryClient();
  return (
    <Button
      variant="link"
      onClick={async () => {
        await removeVehicle(vehicle.id).catch(() => undefined);
        await client.invalidateQueries({ queryKey: ['parking-vehicles'] });
      }}
    >
      {t('pay.remove')}
      <span className="visually-hidden"> {vehicle.plate}</span>
    </Button>
  );
}
