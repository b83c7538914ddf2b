import { defineReferenceData } from '../../../../reference-data';

/**
 * The county's rental estates whose houses and commercial units it allocates from its waiting
 * list (the code is the estates area's: decision 034). Nairobi: the council estates east of the
 * city centre; Mombasa: the county's own estates.
 */
export default defineReferenceData({
  description: "The county's rental housing estates.",
  invalid_message: 'Please select an estate from the list',
  items: {
    nairobi: [
      { code: 'KAL', name: 'Kaloleni', name_sw: 'Kaloleni' },
      { code: 'MAK', name: 'Makongeni', name_sw: 'Makongeni' },
      { code: 'JER', name: 'Jericho', name_sw: 'Jericho' },
      { code: 'OFM', name: 'Ofafa Maringo', name_sw: 'Ofafa Maringo' },
      { code: 'MBO', name: 'Mbotela', name_sw: 'Mbotela' },
      { code: 'BAH', name: 'Bahati', name_sw: 'Bahati' },
      { code: 'SHM', name: 'Shauri Moyo', name_sw: 'Shauri Moyo' },
    ],
    mombasa: [
      { code: 'BUX', name: 'Buxton', name_sw: 'Buxton' },
      { code: 'TUD', name: 'Tudor', name_sw: 'Tudor' },
      { code: 'CHA', name: 'Changamwe', name_sw: 'Changamwe' },
      { code: 'KHA', name: 'Khadija', name_sw: 'Khadija' },
      { code: 'MZI', name: 'Mzizima', name_sw: 'Mzizima' },
    ],
  },
});
