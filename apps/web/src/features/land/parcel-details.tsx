import type { Parcel } from '@kaunti/contract/api-land';
import { formatKes } from '@kaunti/contract/money';
import { useTranslation } from '../../lib/translator';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import styles from './land.module.css';

/** A parcel of the register as the applicant sees it (the owner's name masked by the server). */
export function ParcelDetails({ parcel }: { parcel: Parcel }) {
  const { t, i18n } = useTranslation('land');
  const number = new Intl.NumberFormat(i18n.language === 'sw' ? 'sw-KE' : 'en-KE');
  return (
    <FactList className={styles.facts}>
      <Fact label={t('addLand.lrNumber')} className={styles.reference}>
        {parcel.lr_number}
      </Fact>
      <Fact label={t('addLand.subCounty')}>{parcel.sub_county_name}</Fact>
      <Fact label={t('addLand.ward')}>{parcel.ward_name}</Fact>
      <Fact label={t('addLand.landUse')}>
        {t(`lists.land-use-codes.${parcel.land_use_code}`, { defaultValue: parcel.land_use })}
      </Fact>
      <Fact label={t('addLand.area')}>
        {t('addLand.areaValue', {
          sqft: number.format(parcel.area_sq_ft),
          hectares: parcel.area_hectares,
        })}
      </Fact>
      <Fact label={t('addLand.owner')}>{parcel.owner_name}</Fact>
      <Fact label={t('addLand.annualRates')}>{formatKes(parcel.annual_rates_cents)}</Fact>
      <Fact label={t('addLand.arrears')}>{formatKes(parcel.arrears_cents)}</Fact>
    </FactList>
  );
}
