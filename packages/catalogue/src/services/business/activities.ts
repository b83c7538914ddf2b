/**
 * The county's business activity schedule (the trade licence schedule of the Finance Act): each
 * activity's code, name, category (brim_desc), sub-category (fa_category_desc) and industry
 * (ubpsubcategory3_name), the fee of a small business doing it, and the charges a unified permit
 * bundles for it. Nairobi's shape of its Finance Act 2023 schedule; the figures are data — the
 * server seeds the activities from here and the tariffs (tariff.ts beside this file, and the
 * unified permit's) price them.
 */
/** How a unified permit's bundled charges apply: F fire, H food hygiene, P public health, A advertising. */
type Needs = '' | `${'F' | ''}${'H' | ''}${'P' | ''}${'A' | ''}`;

/** [code, name, sub-category (fa_category_desc), fee of a small business in KES, needs]. */
type ActivityRow = readonly [string, string, string, number, Needs];

/** An industry (ubpsubcategory3_name) under its category (brim_desc), with its activities. */
interface Industry {
  category: string;
  industry: string;
  activities: readonly ActivityRow[];
}

export const industries: readonly Industry[] = [
  {
    category: 'General Trade, Wholesale, Retail, Stores, Shops',
    industry: 'Trade',
    activities: [
      ['100', 'Hypermarket or supermarket', 'Supermarkets', 5_000, 'FHPA'],
      ['105', 'Mini-supermarket or general shop', 'Retail shops', 3_500, 'FHA'],
      ['110', 'Kiosk, shop or stall selling general goods', 'Retail shops', 2_500, 'F'],
      ['115', 'Wholesale store or distributor', 'Wholesale', 6_000, 'FA'],
      ['120', 'Retail shop (clothes, shoes, household goods)', 'Retail shops', 2_500, 'FA'],
      ['125', 'Hardware and building materials shop', 'Retail shops', 3_500, 'FA'],
      ['130', 'Pharmacy or chemist', 'Retail shops', 4_000, 'FPA'],
      ['135', 'Electronics and mobile phone shop', 'Retail shops', 3_000, 'FA'],
      ['140', 'Butchery', 'Food retail', 3_000, 'FHP'],
      ['145', 'Green grocer or fruit shop', 'Food retail', 2_000, 'HP'],
      ['150', 'Petrol station or fuel depot', 'Fuel', 8_000, 'FPA'],
      ['155', 'Bookshop and stationery', 'Retail shops', 2_500, 'FA'],
    ],
  },
  {
    category: 'Informal Sector',
    industry: 'Informal trade',
    activities: [
      ['200', 'Hawker with motor vehicle', 'Hawkers', 2_000, ''],
      ['205', 'Hawker without motor vehicle', 'Hawkers', 800, ''],
      ['210', 'Shoe shiner or shoe repairer', 'Small traders', 600, ''],
      ['215', 'Informal sector: jua kali workshop', 'Small traders', 1_500, 'F'],
      ['220', 'Mama mboga (open-air vegetable seller)', 'Small traders', 600, 'H'],
      ['225', 'Mobile phone repair stall', 'Small traders', 1_000, ''],
    ],
  },
  {
    category: 'Transport, Storage and Communications',
    industry: 'Transport and logistics',
    activities: [
      ['300', 'Transport company (buses, matatus, lorries)', 'Transport', 8_000, 'FA'],
      ['305', 'Taxi or car hire business', 'Transport', 4_000, 'A'],
      ['310', 'Courier and parcel delivery', 'Logistics', 4_000, 'FA'],
      ['315', 'Warehouse or storage facility', 'Storage', 6_000, 'F'],
      ['320', 'Travel agency or tour operator', 'Travel', 4_000, 'A'],
      ['325', 'Internet service provider or cyber café', 'Communications', 3_000, 'FA'],
    ],
  },
  {
    category: 'Agriculture, Forestry and Natural Resources',
    industry: 'Agriculture',
    activities: [
      ['400', 'Agrovet or farm inputs shop', 'Agricultural trade', 3_000, 'FA'],
      ['405', 'Poultry or dairy farm in the county', 'Farming', 2_500, 'P'],
      ['410', 'Flower or plant nursery', 'Farming', 2_000, ''],
      ['415', 'Timber yard or charcoal depot', 'Forestry', 4_000, 'F'],
      ['420', 'Fish shop or fish monger', 'Fisheries', 2_500, 'HP'],
    ],
  },
  {
    category: 'Accommodation and Catering',
    industry: 'Hospitality',
    activities: [
      ['500', 'Hotel (with rooms)', 'Hotels', 12_000, 'FHPA'],
      ['505', 'Restaurant or eating house', 'Eating houses', 4_500, 'FHPA'],
      ['510', 'Café, tea room or fast food outlet', 'Eating houses', 3_000, 'FHPA'],
      ['515', 'Bar, pub or night club', 'Bars', 6_000, 'FHPA'],
      ['520', 'Guest house, lodging or hostel', 'Lodgings', 4_000, 'FPA'],
      ['525', 'Outside catering business', 'Eating houses', 3_000, 'HP'],
      ['530', 'Bakery and confectionery', 'Food processing', 3_500, 'FHP'],
    ],
  },
  {
    category: 'Professional and Technical Services',
    industry: 'Professional services',
    activities: [
      ['600', 'Law firm or advocate', 'Professional offices', 6_000, 'A'],
      ['605', 'Accounting, audit or tax consultancy', 'Professional offices', 6_000, 'A'],
      ['610', 'Architect, engineer or surveyor', 'Professional offices', 6_000, 'A'],
      ['615', 'Information technology company', 'Professional offices', 5_000, 'FA'],
      ['620', 'Advertising or media agency', 'Professional offices', 5_000, 'A'],
      ['625', 'Security company', 'Services', 5_000, 'A'],
      ['630', 'Estate agent or property manager', 'Professional offices', 4_500, 'A'],
    ],
  },
  {
    category: 'Private Education, Health and Entertainment',
    industry: 'Education, health and entertainment',
    activities: [
      ['700', 'Private primary or secondary school', 'Education', 8_000, 'FHP'],
      ['705', 'Nursery school or day-care centre', 'Education', 3_000, 'FHP'],
      ['710', 'College or training institute', 'Education', 8_000, 'FPA'],
      ['715', 'Private clinic or dispensary', 'Health', 6_000, 'FPA'],
      ['720', 'Private hospital or nursing home', 'Health', 15_000, 'FHPA'],
      ['725', 'Medical or dental laboratory', 'Health', 5_000, 'FP'],
      ['730', 'Gym, fitness or sports club', 'Entertainment', 4_000, 'FPA'],
      ['735', 'Cinema, theatre or events venue', 'Entertainment', 8_000, 'FPA'],
      ['740', 'Betting, gaming or pool hall', 'Entertainment', 6_000, 'FA'],
    ],
  },
  {
    category: 'Industrial Plants, Factories, Workshops, Contractors',
    industry: 'Manufacturing',
    activities: [
      ['800', 'Food or beverage factory', 'Factories', 15_000, 'FHPA'],
      ['805', 'Textile or garment factory', 'Factories', 10_000, 'FPA'],
      ['810', 'Furniture workshop', 'Workshops', 4_000, 'FA'],
      ['815', 'Motor vehicle garage or repair workshop', 'Workshops', 4_500, 'FA'],
      ['820', 'Metal fabrication or welding workshop', 'Workshops', 3_500, 'F'],
      ['825', 'Printing press', 'Workshops', 5_000, 'FA'],
    ],
  },
  {
    category: 'Financial Services',
    industry: 'Finance',
    activities: [
      ['900', 'Bank or building society', 'Banks', 20_000, 'FA'],
      ['905', 'Microfinance institution or SACCO office', 'Microfinance', 8_000, 'FA'],
      ['910', 'Insurance company or agency', 'Insurance', 6_000, 'A'],
      ['915', 'Forex bureau', 'Banks', 8_000, 'FA'],
      ['920', 'Mobile money or banking agent', 'Agents', 1_500, 'A'],
    ],
  },
  {
    category: 'Construction and Real Estate',
    industry: 'Construction',
    activities: [
      ['950', 'Building or civil works contractor', 'Contractors', 8_000, 'A'],
      ['955', 'Plumbing or electrical contractor', 'Contractors', 4_000, 'A'],
      ['960', 'Real estate developer', 'Developers', 10_000, 'A'],
      ['965', 'Quarry or building stones yard', 'Materials', 6_000, 'F'],
    ],
  },
  {
    category: 'Personal and Domestic Services',
    industry: 'Personal services',
    activities: [
      ['970', 'Hair salon or barber shop', 'Beauty', 2_500, 'PA'],
      ['975', 'Beauty parlour or spa', 'Beauty', 3_500, 'FPA'],
      ['980', 'Laundry or dry cleaner', 'Laundry', 2_500, 'FA'],
      ['985', 'Tailor or dress maker', 'Tailoring', 1_500, 'A'],
      ['990', 'Funeral home or undertaker', 'Funeral services', 6_000, 'FPA'],
    ],
  },
];

/**
 * Each activity's name in Kiswahili, by its code: what the activity lists, the fee lines and the
 * permits say on the Kiswahili setting (an activity without one shows its English name).
 */
export const activityNamesSw: Readonly<Record<string, string>> = {
  '100': 'Hypermarket au supamaketi',
  '105': 'Supamaketi ndogo au duka la jumla la rejareja',
  '110': 'Kioski, duka au kibanda cha bidhaa za jumla',
  '115': 'Ghala la jumla au msambazaji',
  '120': 'Duka la rejareja (nguo, viatu, vifaa vya nyumbani)',
  '125': 'Duka la vifaa vya ujenzi',
  '130': 'Duka la dawa (famasia)',
  '135': 'Duka la vifaa vya elektroniki na simu',
  '140': 'Bucha',
  '145': 'Duka la mboga au matunda',
  '150': 'Kituo cha mafuta au ghala la mafuta',
  '155': 'Duka la vitabu na vifaa vya kuandikia',
  '200': 'Mchuuzi mwenye gari',
  '205': 'Mchuuzi bila gari',
  '210': "Mng'arishaji au fundi wa viatu",
  '215': 'Sekta isiyo rasmi: karakana ya jua kali',
  '220': 'Mama mboga (muuzaji wa mboga sokoni wazi)',
  '225': 'Kibanda cha kutengeneza simu',
  '300': 'Kampuni ya usafiri (mabasi, matatu, malori)',
  '305': 'Biashara ya teksi au kukodisha magari',
  '310': 'Huduma ya kusafirisha vifurushi',
  '315': 'Ghala au kituo cha kuhifadhi',
  '320': 'Wakala wa usafiri au mwendeshaji wa utalii',
  '325': 'Mtoa huduma ya intaneti au mgahawa wa mtandao',
  '400': 'Duka la pembejeo za kilimo na mifugo',
  '405': 'Shamba la kuku au maziwa ndani ya kaunti',
  '410': 'Kitalu cha maua au miche',
  '415': 'Yadi ya mbao au ghala la makaa',
  '420': 'Duka la samaki au muuza samaki',
  '500': 'Hoteli (yenye vyumba)',
  '505': 'Mkahawa au nyumba ya chakula',
  '510': 'Mgahawa, chumba cha chai au chakula cha haraka',
  '515': 'Baa, pub au klabu ya usiku',
  '520': 'Nyumba ya wageni, malazi au hosteli',
  '525': 'Biashara ya upishi wa nje',
  '530': 'Mkate na vitafunio (bekari)',
  '600': 'Kampuni ya mawakili au wakili',
  '605': 'Ushauri wa uhasibu, ukaguzi au kodi',
  '610': 'Mbunifu majengo, mhandisi au mpima ardhi',
  '615': 'Kampuni ya teknolojia ya habari',
  '620': 'Wakala wa matangazo au vyombo vya habari',
  '625': 'Kampuni ya ulinzi',
  '630': 'Wakala wa mali au msimamizi wa majengo',
  '700': 'Shule ya kibinafsi ya msingi au sekondari',
  '705': 'Shule ya chekechea au kituo cha kulea watoto mchana',
  '710': 'Chuo au taasisi ya mafunzo',
  '715': 'Kliniki au zahanati ya kibinafsi',
  '720': 'Hospitali au nyumba ya uuguzi ya kibinafsi',
  '725': 'Maabara ya matibabu au ya meno',
  '730': 'Ukumbi wa mazoezi au klabu ya michezo',
  '735': 'Sinema, ukumbi wa maonyesho au wa matukio',
  '740': 'Ukumbi wa kamari, michezo ya bahati au pool',
  '800': 'Kiwanda cha chakula au vinywaji',
  '805': 'Kiwanda cha nguo au mavazi',
  '810': 'Karakana ya samani',
  '815': 'Gereji au karakana ya kutengeneza magari',
  '820': 'Karakana ya kuunda vyuma au kuchomelea',
  '825': 'Kiwanda cha uchapishaji',
  '900': 'Benki au chama cha ujenzi',
  '905': 'Taasisi ya mikopo midogo au ofisi ya SACCO',
  '910': 'Kampuni au wakala wa bima',
  '915': 'Duka la kubadilisha fedha za kigeni',
  '920': 'Wakala wa pesa kwa simu au wa benki',
  '950': 'Mkandarasi wa majengo au kazi za kiraia',
  '955': 'Mkandarasi wa mabomba au umeme',
  '960': 'Mwendelezaji wa majengo',
  '965': 'Machimbo au yadi ya mawe ya ujenzi',
  '970': 'Saluni ya nywele au kinyozi',
  '975': 'Saluni ya urembo au spa',
  '980': 'Dobi au usafishaji wa nguo kwa kemikali',
  '985': 'Fundi cherehani au mshonaji wa nguo',
  '990': 'Nyumba ya kuhifadhi maiti au mzishi',
};

/** The fee of each size against a small business's (mini kiosk KES 1,000; hyper supermarket KES 80,000). */
export const sizeFactorsPercent = {
  mini: 40,
  small: 100,
  medium: 200,
  large: 400,
  mega: 800,
  hyper: 1600,
} as const;

/** The charges a unified permit bundles, by the letter an activity's needs carry, in KES by size. */
export const bundledCharges = {
  F: {
    schedule: 'ubp-fire',
    description: 'Fire safety inspection',
    sw: 'Ukaguzi wa usalama wa moto',
    kes: 2_500,
  },
  H: {
    schedule: 'ubp-food-hygiene',
    description: 'Food hygiene licence',
    sw: 'Leseni ya usafi wa chakula',
    kes: 3_000,
  },
  P: {
    schedule: 'ubp-health',
    description: 'Public health certificate',
    sw: 'Cheti cha afya ya umma',
    kes: 1_500,
  },
  A: {
    schedule: 'ubp-advertising',
    description: 'Advertising (business name sign)',
    sw: 'Matangazo (bango la jina la biashara)',
    kes: 2_000,
  },
} as const;

/** Fixed business fees. */
export const businessFees = [
  {
    item: 'application',
    description: 'Business permit application fee',
    sw: 'Ada ya maombi ya kibali cha biashara',
    kes: 500,
  },
  {
    item: 'late-renewal',
    description: 'Late renewal penalty, per month or part of a month',
    sw: 'Adhabu ya kuchelewa kuhuisha, kwa kila mwezi au sehemu ya mwezi',
    kes: 1_000,
  },
] as const;

/** Every activity of the schedule, with its category and industry. */
export const activities = industries.flatMap((industry) =>
  industry.activities.map(([code, name, subCategory, smallKes, needs]) => ({
    code,
    name,
    name_sw: activityNamesSw[code] ?? name,
    subCategory,
    smallKes,
    needs,
    category: industry.category,
    industry: industry.industry,
  })),
);

/**
 * What a county charges against Nairobi's schedule, in percent: the portal ships one activity
 * schedule, and a county's fees for it (Mombasa: demonstration figures, 90% of Nairobi's).
 */
export const COUNTY_FEE_PERCENT = { nairobi: 100, mombasa: 90 } as const;
