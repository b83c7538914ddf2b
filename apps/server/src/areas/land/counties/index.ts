import type { LandCountyData } from '../county-land-data';
import { mombasaLand } from './mombasa';
import { nairobiLand } from './nairobi';

/** Each county's land data, by the county profile's slug (KAUNTI_COUNTY). */
const landData: Record<string, LandCountyData> = { nairobi: nairobiLand, mombasa: mombasaLand };

export function landDataOf(slug: string): LandCountyData {
  const data = landData[slug];
  if (!data) throw new Error(`The land area has no data for the county "${slug}" (areas/land/counties).`);
  return data;
}
