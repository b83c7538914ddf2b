import { defineReferenceData } from '../../../../reference-data';
import { TOILETS } from '../tariff';

/**
 * The county's public toilets: where (`location`, `sub_county`, and `lat`/`lng` where known, so a
 * visitor's phone may list them by distance), opening hours (`hours`), whether accessible to
 * wheelchair users (`accessible`). Their fees are the tariff rows "<code>:single" and
 * "<code>:monthly" (schedule "public-toilets").
 */
const items = (county: 'nairobi' | 'mombasa') =>
  TOILETS[county].map(({ code, name, name_sw, location, sub_county, hours, accessible, lat, lng }) => ({
    code,
    name,
    name_sw,
    location,
    sub_county,
    hours,
    accessible,
    ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}),
  }));

export default defineReferenceData({
  description: "Public toilets: the county's toilets, where they are, their hours and access.",
  items: { nairobi: items('nairobi'), mombasa: items('mombasa') },
});
