import { BILL_LINES, type DocumentTemplate } from './document-template';

/**
 * The registered document templates (see document-template.ts for the language). A service names
 * one in `produces`, or brings its own in its definition's `document`.
 */

const FINE =
  'a fine not exceeding fifty thousand shillings (KES 50,000) or imprisonment for a term not exceeding three (3) months, or both';

/** The premises facts every business document prints, in the spec's order. */
const PREMISES_FACTS = [
  { label: 'Sub-county', field: 'sub_county' },
  { label: 'Ward', field: 'ward' },
  { label: 'Plot number', field: 'plot_no' },
  { label: 'Building', field: 'building_name' },
  { label: 'Floor', field: 'floor_no' },
  { label: 'Stall / unit', field: 'stall' },
  { label: 'Road / street', field: 'road_name' },
] as const;

const DEMO_PREMISES = {
  sub_county: 'Starehe',
  ward: 'Nairobi Central',
  plot_no: '209/10521',
  building_name: 'Kimathi House',
  floor_no: '2nd floor',
  stall: 'Room 14',
  road_name: 'Kimathi Street',
};

export const documentTemplates = {
  none: { name: 'none', title: 'None', description: 'The service issues no document.', verifiable: false },
  invoice: {
    name: 'invoice',
    title: 'Invoice',
    description: 'A bill on county letterhead with payment instructions (paybill and banks).',
    download_route: '/downloads/Invoice',
    verifiable: true,
  },
  receipt: {
    name: 'receipt',
    title: 'Receipt',
    description: 'Proof of a payment, on county letterhead.',
    download_route: '/downloads/Invoice',
    verifiable: true,
  },
  'land-transfer-approval': {
    name: 'land-transfer-approval',
    title: 'Land Owner Amendment approval',
    description: 'The letter approving the change of the registered owner in the county rates register.',
    download_route: '/downloads/official-letter',
    verifiable: true,
    register: 'letter',
    body: [
      'RE: CHANGE OF REGISTERED OWNER, PARCEL {reference}',
      'Following your application {application_no}, the {county} has approved the change of the registered owner of the above parcel in the county rates register to {holder}.',
      'All future rates demands for the parcel will be addressed to the new owner. This letter does not by itself transfer title: the transfer is registered by the Ministry of Lands.',
    ],
  },
  'clearance-certificate': {
    name: 'clearance-certificate',
    title: 'Rates clearance certificate',
    description: 'Certifies that no rates are owing on the parcel, as needed to register a transfer.',
    download_route: '/downloads/certificate-of-verification',
    verifiable: true,
    register: 'certificate',
    body: [
      'This is to certify that all land rates and other charges due to the {county} in respect of parcel {reference} have been paid up to the date of this certificate.',
      'This certificate is issued to {holder} under application {application_no} for presentation to the Land Registrar.',
    ],
    conditions: [
      'This certificate is valid for 90 days from the date of issue.',
      'Any alteration makes this certificate void. Check it on the county E-Verify page.',
    ],
    validity_days: 90,
  },
  'survey-report': {
    name: 'survey-report',
    title: 'Survey report',
    description: "The county surveyor's report and approved plan for the parcel.",
    download_route: '/downloads/official-letter',
    verifiable: true,
    register: 'letter',
    body: [
      'RE: SURVEY OF PARCEL {reference}',
      'The county surveyor has completed the survey requested under application {application_no} by {holder}. The survey has been checked and approved.',
      'The approved plan is held at the county survey office and may be inspected there on presenting this letter.',
    ],
  },
  'rates-statement': {
    name: 'rates-statement',
    title: 'Rates search statement',
    description: "The parcel's rates account: valuation, annual rates, arrears and payments.",
    download_route: '/downloads/official-letter',
    verifiable: true,
    register: 'letter',
    body: [
      'RE: RATES SEARCH, PARCEL {reference}',
      'Following a search requested by {holder} under application {application_no}, the {county} confirms the rates account of the above parcel as held in the county valuation roll and rates register on the date of this letter.',
    ],
    validity_days: 30,
  },

  // Business (spec: "Printable single business permit (two pages)", "Full SBP permit").
  'single-business-permit': {
    name: 'single-business-permit',
    title: 'Single Business Permit',
    description: 'The yearly permit to carry on one business activity at one premises.',
    download_route: '/downloads/sbp',
    verifiable: true,
    register: 'permit',
    validity_days: 365,
    facts: [
      { label: 'Effective date', field: 'issued_on' },
      { label: 'Expiry date', field: 'expiry_with_duration' },
      { label: 'Permit ID', field: 'number' },
      { label: 'Commercial name', field: 'business_name' },
      { label: 'KRA PIN', field: 'kra_pin' },
      { label: 'Activity', field: 'activity_name' },
      { label: 'Activity code', field: 'activity_code' },
      { label: 'Permit fee', field: 'fee' },
      { label: 'Sub-county', field: 'sub_county' },
      { label: 'Ward', field: 'ward' },
      { label: 'Address', field: 'postal_address' },
      { label: 'Unit', field: 'stall' },
      { label: 'Floor', field: 'floor_no' },
      { label: 'Building', field: 'building_name' },
      { label: 'Plot', field: 'plot_no' },
      { label: 'Road', field: 'road_name' },
    ],
    body: [
      'The {county} hereby grants this Single Business Permit to {business_name} to carry on the business activity shown above, at the premises shown above, from the effective date to the expiry date, the permit fee having been paid in full.',
    ],
    conditions_title: 'Terms and conditions',
    conditions_page: true,
    conditions: [
      'This permit is valid only for the trade (business activity) and the area (premises) specified on it.',
      'The holder shall notify the County in writing of any change of business name, activity, ownership or premises within fourteen (14) days of the change.',
      'This permit shall be displayed conspicuously at the business premises and produced on demand to any authorised county officer.',
      'One permit is valid for one business only: each business carried on requires its own permit.',
      'The County may cancel this permit if the holder contravenes any of its conditions or any county law.',
      'This permit shall be renewed after twelve (12) months from the date of payment.',
      'On closure of the business, this permit shall be surrendered to the County within fourteen (14) days.',
      'The holder shall not sell or display goods outside the permitted premises, including on road reserves, pavements and walkways.',
      `Any person who forges, alters or uses a forged permit commits an offence and is liable to ${FINE}.`,
      `Any person who carries on business without renewing this permit commits an offence and is liable to ${FINE}.`,
      'This permit does not legitimise the occupation of any space, land or premises.',
      'This permit is not transferable to another person or to other premises.',
    ],
    example: {
      number: 'SBP-2025-900101',
      holder: 'Mama Mboga Enterprises',
      values: {
        business_name: 'Mama Mboga Enterprises',
        kra_pin: 'A012345678Z',
        activity_name: 'Small retail shop, kiosk or stall (up to 5 employees)',
        activity_code: '110',
        postal_address: 'P.O. Box 45123-00100, Nairobi',
        ...DEMO_PREMISES,
      },
    },
  },
  'unified-business-permit': {
    name: 'unified-business-permit',
    title: 'Unified Business Permit',
    description:
      'The yearly trade licence bundling the business permit with the fire, food hygiene, health and advertising charges.',
    download_route: '/downloads/ubp',
    verifiable: true,
    register: 'permit',
    validity_days: 365,
    facts: [
      { label: 'Permit number', field: 'number' },
      { label: 'Business name', field: 'business_name' },
      { label: 'Subsidiary (trading) name', field: 'subsidiary_name' },
      { label: 'KRA PIN', field: 'kra_pin' },
      { label: 'Registration number', field: 'reg_no' },
      { label: 'Effective date', field: 'issued_on' },
      { label: 'Expiry date', field: 'valid_until' },
      { label: 'Duration', field: 'duration' },
      { label: 'Permit fee', field: 'fee' },
      ...PREMISES_FACTS,
      { label: 'Postal address', field: 'postal_address' },
    ],
    tables: [
      {
        title: 'Business lines',
        field: 'business_lines',
        max_rows: 5,
        columns: [
          { label: 'Code', key: 'code' },
          { label: 'Activity', key: 'description' },
          { label: 'Category', key: 'brim_desc' },
          { label: 'Sub-category', key: 'fa_category_desc' },
          { label: 'Industry', key: 'ubpsubcategory3_name' },
        ],
      },
      {
        title: 'Charges paid',
        field: BILL_LINES,
        columns: [
          { label: 'Code', key: 'code' },
          { label: 'Description', key: 'description' },
          { label: 'Amount', key: 'amount', money: true },
        ],
      },
    ],
    body: [
      'The {county} hereby grants this Unified Business Permit to {business_name} to carry on the business lines listed below at the premises shown above. It covers the single business permit and the fire safety, food hygiene, public health and advertising charges listed under "Charges paid", and no other.',
    ],
    conditions_title: 'Terms and conditions',
    conditions_page: true,
    conditions: [
      'This permit authorises the holder to carry on only the business lines listed on it, at the premises shown on it.',
      'It covers the county charges listed on it and no other licence, approval or charge required by law.',
      'It is valid for twelve (12) months from its effective date and shall be renewed before its expiry date.',
      'It shall be displayed conspicuously at the premises and produced on demand to any authorised county officer.',
      'It is not transferable to another person, business or premises.',
      'The holder shall notify the County in writing of any change of ownership, name, business line or premises within fourteen (14) days.',
      'The premises shall be kept clean, safe and open to inspection by county public health, fire and enforcement officers at any reasonable time.',
      'Where a business line handles food, every food handler shall hold a valid medical certificate.',
      "Fire-fighting equipment approved by the County's fire department shall be kept in working order at the premises.",
      'Signs and advertisements are limited to those paid for on this permit and approved by the County.',
      'The holder shall not trade outside the premises, including on road reserves, pavements and walkways.',
      'On closure of the business, this permit shall be surrendered to the County within fourteen (14) days.',
      'The County may suspend or revoke this permit after an inspection that finds a breach of its conditions or of any county law.',
      'This permit does not legitimise the occupation of any space, land or premises.',
      `Any person who forges or alters this permit, or trades without a valid permit, commits an offence and is liable to ${FINE}.`,
    ],
    example: {
      number: 'UBP-2025-900102',
      holder: 'Savannah Fresh Foods Limited',
      values: {
        business_name: 'Savannah Fresh Foods Limited',
        subsidiary_name: 'Savannah Café',
        kra_pin: 'P051234567K',
        reg_no: 'PVT-7LU2XQ8B',
        postal_address: 'P.O. Box 30211-00100, Nairobi',
        ...DEMO_PREMISES,
        business_lines: [
          {
            code: '505',
            description: 'Small eating house or café (up to 10 seats)',
            brim_desc: 'Accommodation and catering',
            fa_category_desc: 'Eating houses',
            ubpsubcategory3_name: 'Hospitality',
          },
          {
            code: '120',
            description: 'Small retail shop (up to 5 employees)',
            brim_desc: 'General trade, wholesale and retail',
            fa_category_desc: 'Retail',
            ubpsubcategory3_name: 'Trade',
          },
        ],
        bill_lines: [
          { code: 'UBP505', description: 'Business permit: small eating house or café', amount: 750_000 },
          { code: 'UBP120', description: 'Business permit: small retail shop', amount: 500_000 },
          { code: 'FIRE', description: 'Fire safety inspection', amount: 150_000 },
          { code: 'FOOD', description: 'Food hygiene licence', amount: 150_000 },
          { code: 'HLTH', description: 'Public health inspection', amount: 100_000 },
          { code: 'ADV', description: 'Advertising: one sign, up to 1.5 m²', amount: 200_000 },
          { code: 'APP', description: 'Application fee', amount: 10_000 },
        ],
      },
    },
  },

  // Health.
  'food-hygiene-licence': {
    name: 'food-hygiene-licence',
    title: 'Food Hygiene Licence',
    description:
      'Licenses premises where food is prepared, stored or sold, after a public health inspection.',
    download_route: '/downloads/food-and-hygiene',
    verifiable: true,
    register: 'licence',
    validity_days: 365,
    facts: [
      { label: 'Licence number', field: 'number' },
      { label: 'Licensee', field: 'holder' },
      { label: 'Premises', field: 'premises_name' },
      { label: 'Type of food business', field: 'food_business_type' },
      ...PREMISES_FACTS,
      { label: 'Food handlers', field: 'handlers_count' },
      { label: 'Licence fee', field: 'fee' },
      { label: 'Date of issue', field: 'issued_on' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    body: [
      'Under the Public Health Act (Cap. 242) and the Food, Drugs and Chemical Substances Act (Cap. 254), the {county} licenses {holder} to prepare, store and sell food at the premises above, which a public health officer has inspected and found to meet the required standard of hygiene.',
    ],
    conditions: [
      'Every food handler at the premises shall hold a valid medical certificate, produced on demand.',
      'The premises, equipment and utensils shall be kept clean and in good repair, with clean running water and adequate toilets and hand-washing facilities.',
      'Food shall be protected from contamination, and perishable food kept at safe temperatures.',
      'Waste shall be stored in covered containers and removed regularly.',
      'This licence shall be displayed at the premises and is not transferable.',
      'The County may suspend or revoke this licence after an inspection that finds the premises unfit.',
    ],
    example: {
      number: 'FHL-2025-900103',
      holder: 'Mama Oliech Restaurant Limited',
      values: {
        premises_name: 'Mama Oliech Restaurant',
        food_business_type: 'Restaurant',
        handlers_count: '6',
        ...DEMO_PREMISES,
        building_name: 'Marcus Garvey House',
        road_name: 'Marcus Garvey Road',
        sub_county: 'Dagoretti North',
        ward: 'Kilimani',
        plot_no: '330/456',
        floor_no: 'Ground floor',
        stall: 'Shop 2',
      },
    },
  },
  'food-handler-medical-certificate': {
    name: 'food-handler-medical-certificate',
    title: 'Medical Certificate for Food Handlers',
    description: 'Certifies that a food handler was medically examined and found fit to handle food.',
    download_route: '/downloads/health-certificate',
    verifiable: true,
    register: 'certificate',
    validity_days: 182,
    facts: [
      { label: 'Certificate number', field: 'number' },
      { label: 'Name', field: 'holder' },
      { label: 'ID number', field: 'id_number' },
      { label: 'Occupation', field: 'occupation' },
      { label: 'Place of work', field: 'place_of_work' },
      { label: 'Examined at', field: 'examined_at' },
      { label: 'Date of issue', field: 'issued_on' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    body: [
      'This is to certify that {holder}, ID number {id_number}, has been medically examined under the Food, Drugs and Chemical Substances Act (Cap. 254) and the Public Health Act (Cap. 242), including the stool, urine and chest examinations required of food handlers, and was found free from communicable disease and fit to handle food.',
    ],
    conditions: [
      'This certificate is valid for six (6) months from its date of issue.',
      'It is personal: it covers only the person named on it.',
      'It shall be kept at the place of work and produced on demand to a public health officer.',
      'The holder shall report any illness, diarrhoea, skin infection or discharge to the employer and stop handling food until cleared.',
    ],
    example: {
      number: 'FHC-2025-900104',
      holder: 'Akinyi Atieno Odhiambo',
      values: {
        id_number: '30126554',
        occupation: 'Cook',
        place_of_work: 'Mama Oliech Restaurant, Marcus Garvey Road',
        examined_at: 'City Hall Clinic, Nairobi',
      },
    },
  },
  'fire-safety-certificate': {
    name: 'fire-safety-certificate',
    title: 'Fire Safety Certificate',
    description:
      'Certifies that a premises was inspected by the county fire department and meets fire safety rules.',
    download_route: '/downloads/fire-certificate',
    verifiable: true,
    register: 'certificate',
    validity_days: 365,
    facts: [
      { label: 'Certificate number', field: 'number' },
      { label: 'Occupier', field: 'holder' },
      { label: 'Premises', field: 'premises_name' },
      { label: 'Use of premises', field: 'use_of_premises' },
      ...PREMISES_FACTS,
      { label: 'Inspected on', field: 'inspected_on' },
      { label: 'Fee', field: 'fee' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    body: [
      'Under the Fire Risk Reduction Rules and the county fire and rescue services law, the {county} certifies that the premises above were inspected by its fire department on {inspected_on} and found to comply with the fire safety requirements for their use.',
    ],
    conditions: [
      'Fire extinguishers, hose reels and alarms shall be serviced at least once a year and kept in working order.',
      'Escape routes and exits shall be kept clearly marked and free from obstruction at all times.',
      'Flammable materials shall be stored only as the fire department approved.',
      'Any change in the use, layout or occupancy of the premises shall be notified to the fire department before it is made.',
      'This certificate shall be displayed at the premises and is not transferable.',
    ],
    example: {
      number: 'FSC-2025-900105',
      holder: 'Savannah Fresh Foods Limited',
      values: {
        premises_name: 'Savannah Café',
        use_of_premises: 'Eating house and retail shop',
        inspected_on: '2nd June 2025',
        ...DEMO_PREMISES,
      },
    },
  },
  'health-research-authorisation': {
    name: 'health-research-authorisation',
    title: 'Health Research Authorisation',
    description:
      "The county health department's authority to carry out a research study in its health facilities.",
    download_route: '/downloads/research-certificate',
    verifiable: true,
    register: 'certificate',
    validity_days: 365,
    facts: [
      { label: 'Authorisation number', field: 'number' },
      { label: 'Principal investigator', field: 'holder' },
      { label: 'Institution', field: 'institution' },
      { label: 'Title of study', field: 'study_title' },
      { label: 'NACOSTI licence', field: 'nacosti_licence' },
      { label: 'Ethics approval', field: 'ethics_approval' },
      { label: 'Study sites', field: 'study_sites' },
      { label: 'Date of issue', field: 'issued_on' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    body: [
      'The {county} Department of Health authorises {holder} of {institution} to carry out the study named above in the county health facilities listed, in accordance with the approved protocol.',
    ],
    conditions: [
      'The study shall follow the protocol approved by the ethics committee; any change requires fresh approval.',
      'Informed consent shall be obtained from every participant, and their data kept confidential.',
      'The researcher shall report to the officer in charge of each facility before starting data collection.',
      'A copy of the final report shall be deposited with the county Department of Health.',
      'This authorisation may be withdrawn if any condition is breached.',
    ],
    example: {
      number: 'HRA-2025-900106',
      holder: 'Dr. Wambui Njoroge',
      values: {
        institution: 'University of Nairobi, School of Public Health',
        study_title: 'Uptake of maternal health services in informal settlements',
        nacosti_licence: 'NACOSTI/P/25/41872',
        ethics_approval: 'KNH-UoN ERC P512/07/2025',
        study_sites: 'Mathare North Health Centre; Kibera South Health Centre',
      },
    },
  },

  // Licensing.
  'gaming-premises-permit': {
    name: 'gaming-premises-permit',
    title: 'Betting, Lotteries and Gaming Premises Permit',
    description: 'The yearly permit for a premises with pool tables or gaming machines.',
    download_route: '/downloads/Gaming',
    verifiable: true,
    register: 'permit',
    validity_days: 365,
    facts: [
      { label: 'Permit number', field: 'number' },
      { label: 'Permit holder', field: 'holder' },
      { label: 'Premises', field: 'premises_name' },
      { label: 'Type of gaming', field: 'gaming_type' },
      { label: 'Number of tables / machines', field: 'units' },
      ...PREMISES_FACTS,
      { label: 'Permit fee', field: 'fee' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    body: [
      'The {county} permits {holder} to operate the gaming facilities stated above at the premises stated above, under the county betting, lotteries and gaming law and the Betting, Lotteries and Gaming Act (Cap. 131).',
    ],
    conditions: [
      'No person under the age of eighteen (18) years shall be allowed to play or be admitted to the gaming area.',
      'Gaming is allowed only between 10 a.m. and 11 p.m.',
      'Every table or machine shall bear the county sticker issued with this permit.',
      'This permit shall be displayed at the premises and is not transferable.',
      'The County may revoke this permit for any breach of its conditions.',
    ],
    example: {
      number: 'BLG-2025-900107',
      holder: 'Kamukunji Leisure Spot',
      values: {
        premises_name: 'Kamukunji Leisure Spot',
        gaming_type: 'Pool tables',
        units: '3',
        ...DEMO_PREMISES,
        sub_county: 'Kamukunji',
        ward: 'California',
        building_name: 'Gikomba Plaza',
        road_name: 'Kombo Munyiri Road',
        plot_no: '36/VIII/112',
        floor_no: 'Ground floor',
        stall: 'Shop 7',
      },
    },
  },
  'fish-trading-licence': {
    name: 'fish-trading-licence',
    title: 'Fish Trading Licence',
    description: 'Licenses a trader to buy, store and sell fish and fish products.',
    download_route: '/downloads/fish-trading-licence',
    verifiable: true,
    register: 'licence',
    validity_days: 365,
    facts: [
      { label: 'Licence number', field: 'number' },
      { label: 'Licensee', field: 'holder' },
      { label: 'Category', field: 'trade_category' },
      { label: 'Market / premises', field: 'market' },
      { label: 'Fish products', field: 'products' },
      { label: 'Licence fee', field: 'fee' },
      { label: 'Date of issue', field: 'issued_on' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    body: [
      'Under the Fisheries Management and Development Act, 2016 and the county trade law, the {county} licenses {holder} to trade in the fish and fish products stated above at the market or premises stated above.',
    ],
    conditions: [
      'Fish shall be kept chilled or iced, in clean containers, and protected from flies and dust.',
      'Fish shall be bought only from licensed fishermen or landing sites, with movement permits where required.',
      'Immature fish and species under a closed season shall not be traded.',
      'Every handler shall hold a valid medical certificate.',
      'This licence shall be displayed at the stall and is not transferable.',
    ],
    example: {
      number: 'FTL-2025-900108',
      holder: 'Otieno Juma Achola',
      values: {
        trade_category: 'Retail',
        market: 'City Park Market, stall 41',
        products: 'Fresh and dried tilapia, omena',
      },
    },
  },
  'dog-licence': {
    name: 'dog-licence',
    title: 'Dog Licence',
    description: 'The yearly licence to keep a dog, with its rabies vaccination.',
    download_route: '/downloads/dog-licence',
    verifiable: true,
    register: 'licence',
    validity_days: 365,
    facts: [
      { label: 'Licence number', field: 'number' },
      { label: 'Owner', field: 'holder' },
      { label: "Dog's name", field: 'dog_name' },
      { label: 'Breed', field: 'breed' },
      { label: 'Sex', field: 'sex' },
      { label: 'Colour', field: 'colour' },
      { label: 'Rabies vaccination', field: 'rabies_vaccination' },
      { label: 'Address', field: 'address' },
      { label: 'Licence fee', field: 'fee' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    body: [
      'Under the Rabies Act (Cap. 365) and the county animal control law, the {county} licenses {holder} to keep the dog described above at the address stated above.',
    ],
    conditions: [
      'The dog shall wear a collar with the licence tag at all times.',
      'The dog shall be vaccinated against rabies every year, and the certificate produced on demand.',
      'The dog shall not be allowed to stray or to be a nuisance; a stray dog may be impounded.',
      'The owner is liable for any injury or damage the dog causes.',
      'This licence is not transferable to another dog or owner.',
    ],
    example: {
      number: 'DOG-2025-900109',
      holder: 'Wanjiku Mary Kariuki',
      values: {
        dog_name: 'Simba',
        breed: 'German Shepherd',
        sex: 'Male',
        colour: 'Black and tan',
        rabies_vaccination: '12th May 2025, Kabete Veterinary Clinic',
        address: 'House 14, Kileleshwa Court, Kileleshwa',
      },
    },
  },
  'liquor-licence': {
    name: 'liquor-licence',
    title: 'Alcoholic Drinks Control Licence',
    description: 'The yearly licence to sell alcoholic drinks at a premises.',
    download_route: '/downloads/liquor-licensing',
    verifiable: true,
    register: 'licence',
    validity_days: 365,
    facts: [
      { label: 'Licence number', field: 'number' },
      { label: 'Licensee', field: 'holder' },
      { label: 'Trading name', field: 'premises_name' },
      { label: 'Type of licence', field: 'licence_type' },
      { label: 'Hours of trading', field: 'trading_hours' },
      ...PREMISES_FACTS,
      { label: 'Licence fee', field: 'fee' },
      { label: 'Date of issue', field: 'issued_on' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    body: [
      'Under the Alcoholic Drinks Control Act, 2010 and the county alcoholic drinks control law, the {county} Alcoholic Drinks Regulation Committee licenses {holder} to sell alcoholic drinks of the type stated above at the premises stated above, during the hours of trading stated above.',
    ],
    conditions: [
      'No alcoholic drink shall be sold to, or served to, any person under the age of eighteen (18) years.',
      'Alcoholic drinks shall be sold only during the hours of trading stated on this licence.',
      'No alcoholic drink shall be sold within three hundred (300) metres of a school or in a residential area.',
      'Only alcoholic drinks bearing a valid excise stamp shall be sold.',
      'This licence shall be displayed conspicuously at the premises and is not transferable.',
      'The licensee shall keep the premises orderly and shall not permit drunkenness or violence on them.',
      'The Committee may suspend or revoke this licence for any breach of its conditions.',
    ],
    example: {
      number: 'LIQ-2025-900110',
      holder: 'Tamasha Grill Limited',
      values: {
        premises_name: 'Tamasha Grill',
        licence_type: 'Bar and restaurant (on-premises consumption)',
        trading_hours: 'Monday to Friday 5 p.m. to 11 p.m.; weekends and public holidays 2 p.m. to 11 p.m.',
        ...DEMO_PREMISES,
        sub_county: 'Westlands',
        ward: 'Parklands/Highridge',
        building_name: 'Tamasha Plaza',
        road_name: 'Limuru Road',
        plot_no: '1870/IV/91',
        floor_no: 'Ground floor',
        stall: 'Unit 3',
      },
    },
  },
  'outdoor-advertising-permit': {
    name: 'outdoor-advertising-permit',
    title: 'Outdoor Advertising Permit',
    description: 'The permit to put up signs, billboards or other outdoor advertisements.',
    download_route: '/downloads/outdoor-advertising',
    verifiable: true,
    register: 'permit',
    validity_days: 365,
    facts: [
      { label: 'Permit number', field: 'number' },
      { label: 'Advertiser', field: 'holder' },
      { label: 'Location', field: 'location' },
      { label: 'Sub-county', field: 'sub_county' },
      { label: 'Ward', field: 'ward' },
      { label: 'Permit fee', field: 'fee' },
      { label: 'Date of issue', field: 'issued_on' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    tables: [
      {
        title: 'Advertisements',
        field: 'signs',
        columns: [
          { label: 'Type', key: 'type' },
          { label: 'Size (m²)', key: 'size' },
          { label: 'Faces', key: 'faces' },
          { label: 'Wording', key: 'wording' },
        ],
      },
    ],
    body: [
      'Under the county outdoor advertising and signage law, the {county} permits {holder} to display the advertisements listed below at the location stated above, as approved.',
    ],
    conditions: [
      'Each advertisement shall be put up exactly as approved in type, size, position and wording.',
      'Each advertisement shall bear the permit number in a visible place.',
      'Advertisements shall not obstruct traffic signs, sight lines, pedestrian walkways or road reserves.',
      'Advertisements shall be kept safe and in good repair; the holder is liable for any damage they cause.',
      "Advertisements shall be removed within fourteen (14) days of the expiry or revocation of this permit, failing which the County will remove them at the holder's cost.",
    ],
    example: {
      number: 'ADV-2025-900111',
      holder: 'Savannah Fresh Foods Limited',
      values: {
        location: 'Kimathi House, Kimathi Street (facing Kenyatta Avenue)',
        sub_county: 'Starehe',
        ward: 'Nairobi Central',
        signs: [
          { type: 'Wall-mounted sign (illuminated)', size: '3.0', faces: '1', wording: 'Savannah Café' },
          { type: 'Projecting sign', size: '0.8', faces: '2', wording: 'Savannah Café: open daily' },
        ],
      },
    },
  },
  'weights-and-measures-verification': {
    name: 'weights-and-measures-verification',
    title: 'Certificate of Verification',
    description: 'Certifies that weighing and measuring equipment used for trade was tested and stamped.',
    download_route: '/downloads/certificate-of-verification',
    verifiable: true,
    register: 'certificate',
    validity_days: 365,
    facts: [
      { label: 'Certificate number', field: 'number' },
      { label: 'Owner', field: 'holder' },
      { label: 'Premises', field: 'premises' },
      { label: 'Verified on', field: 'issued_on' },
      { label: 'Fee', field: 'fee' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    tables: [
      {
        title: 'Equipment verified',
        field: 'instruments',
        columns: [
          { label: 'Equipment', key: 'type' },
          { label: 'Make', key: 'make' },
          { label: 'Serial number', key: 'serial_no' },
          { label: 'Capacity', key: 'capacity' },
        ],
      },
    ],
    body: [
      'Under the Weights and Measures Act (Cap. 513), the {county} certifies that the weighing and measuring equipment listed below, used for trade by {holder}, was tested by an inspector of weights and measures, found correct within the permitted limits, and stamped.',
    ],
    conditions: [
      'The equipment shall be presented for re-verification within twelve (12) months, and after any repair.',
      'The verification stamp shall not be broken or removed; equipment with a broken stamp shall not be used for trade.',
      'This certificate covers only the equipment listed on it.',
    ],
    example: {
      number: 'WMV-2025-900112',
      holder: 'Otieno Juma Achola',
      values: {
        premises: 'City Park Market, stall 41',
        instruments: [
          { type: 'Electronic platform scale', make: 'Avery', serial_no: 'AV-554120', capacity: '150 kg' },
          { type: 'Counter scale', make: 'Salter', serial_no: 'SL-10872', capacity: '15 kg' },
        ],
      },
    },
  },
  'ecde-registration-certificate': {
    name: 'ecde-registration-certificate',
    title: 'Certificate of Registration of an Early Childhood Development Centre',
    description:
      'Registers a private early childhood development and education (ECDE) centre with the county.',
    download_route: '/downloads/schools-registration',
    verifiable: true,
    register: 'certificate',
    facts: [
      { label: 'Registration number', field: 'number' },
      { label: 'Proprietor', field: 'holder' },
      { label: 'Name of centre', field: 'school_name' },
      { label: 'Category', field: 'category' },
      { label: 'Capacity', field: 'capacity' },
      { label: 'Sub-county', field: 'sub_county' },
      { label: 'Ward', field: 'ward' },
      { label: 'Location', field: 'location' },
      { label: 'Date of registration', field: 'issued_on' },
    ],
    body: [
      'Under the Early Childhood Education Act, 2021 and the county ECDE law, the {county} registers the centre named above, owned by {holder}, as an early childhood development and education centre, its premises, staff and curriculum having been inspected and found to meet the required standards.',
    ],
    conditions: [
      'The centre shall be run only at the location stated, and for no more children than its capacity.',
      'Every teacher shall be registered with the Teachers Service Commission or hold the ECDE qualification the law requires.',
      'The centre shall follow the national competency-based curriculum for pre-primary education.',
      'The centre shall be open to inspection by county education officers at any reasonable time.',
      'This certificate shall be displayed at the centre and is not transferable.',
    ],
    example: {
      number: 'ECD-2025-900113',
      holder: 'Grace Atieno Wekesa',
      values: {
        school_name: 'Little Acorns Early Learning Centre',
        category: 'Private ECDE centre (day)',
        capacity: '60 children',
        sub_county: 'Embakasi East',
        ward: 'Utawala',
        location: 'Plot 412, Utawala Road, opposite Benedicta School',
      },
    },
  },
  'parking-ticket': {
    name: 'parking-ticket',
    title: 'Parking Ticket',
    description: 'Proof that daily parking was paid for a vehicle in a zone on a day.',
    download_route: '/downloads/tickets',
    verifiable: true,
    register: 'ticket',
    validity_days: 1,
    facts: [
      { label: 'Ticket number', field: 'number' },
      { label: 'Vehicle', field: 'plate' },
      { label: 'Vehicle type', field: 'vehicle_type' },
      { label: 'Zone', field: 'zone' },
      { label: 'Day', field: 'issued_on' },
      { label: 'Amount paid', field: 'fee' },
      { label: 'Paid by', field: 'holder' },
    ],
    body: [
      'Daily parking for vehicle {plate} in {zone} on {issued_on} has been paid to the {county}. Enforcement officers check the plate: there is no need to display this ticket.',
    ],
    conditions: [
      'This ticket is valid for the vehicle, zone and day shown on it, until midnight.',
      'It does not reserve a bay, and does not allow parking where parking is prohibited.',
    ],
    example: {
      number: 'PKT-2025-900114',
      holder: 'Brian Omondi',
      values: { plate: 'KDA 123A', vehicle_type: 'Saloon car', zone: 'Zone I (CBD)' },
    },
  },
  'property-tenancy-letter': {
    name: 'property-tenancy-letter',
    title: 'Letter of Tenancy',
    description: "The county's letter confirming a tenancy of a county house, stall or other property.",
    download_route: '/downloads/letter-of-property',
    verifiable: true,
    register: 'letter',
    facts: [
      { label: 'Letter number', field: 'number' },
      { label: 'Tenant', field: 'holder' },
      { label: 'Estate / property', field: 'estate' },
      { label: 'House / unit', field: 'unit_no' },
      { label: 'Monthly rent', field: 'monthly_rent' },
      { label: 'Tenancy from', field: 'tenancy_from' },
      { label: 'Date', field: 'issued_on' },
    ],
    body: [
      'RE: TENANCY OF {unit_no}, {estate}',
      'The {county} confirms that {holder} is the registered tenant of the county property named above, from {tenancy_from}, at a monthly rent of {monthly_rent}, payable in advance by the fifth (5th) day of each month.',
      'This letter is issued at the request of the tenant and confirms the tenancy as held in the county housing register on its date. It does not confer ownership, and the tenancy may not be sublet or transferred without the written consent of the County.',
    ],
    example: {
      number: 'CHR-2025-900115',
      holder: 'Peter Kamau Mwangi',
      values: {
        estate: 'Ngong Road Estate',
        unit_no: 'House No. B-17',
        monthly_rent: 'KES 6,500.00',
        tenancy_from: '1st March 2019',
      },
    },
  },
  'grounds-hire-authority': {
    name: 'grounds-hire-authority',
    title: 'Authority to Use County Grounds',
    description:
      'The authority to hold an event on a county park, stadium or open ground on the dates booked.',
    download_route: '/downloads/authority-to-use-grounds',
    verifiable: true,
    register: 'permit',
    facts: [
      { label: 'Authority number', field: 'number' },
      { label: 'Hirer', field: 'holder' },
      { label: 'Ground', field: 'ground' },
      { label: 'Event', field: 'event' },
      { label: 'Date(s)', field: 'event_dates' },
      { label: 'Hours', field: 'hours' },
      { label: 'Expected attendance', field: 'attendance' },
      { label: 'Hire charges paid', field: 'fee' },
    ],
    body: [
      'The {county} authorises {holder} to use {ground} for the event, dates and hours stated above, the hire charges having been paid.',
    ],
    conditions: [
      'The ground shall be used only for the event, dates and hours stated.',
      'The hirer shall obtain any police notification, noise or liquor permit the event requires.',
      'The hirer shall provide security, first aid and sanitation for the expected attendance.',
      'The ground shall be left clean and undamaged; the refundable deposit covers any cleaning or repair.',
      'This authority may be withdrawn for reasons of public order or safety, with a refund of the charges.',
    ],
    example: {
      number: 'GRH-2025-900116',
      holder: 'Eastlands Youth Football Association',
      values: {
        ground: 'Kamukunji Grounds',
        event: 'Inter-ward youth football tournament final',
        event_dates: '13th and 14th December 2025',
        hours: '8 a.m. to 6 p.m.',
        attendance: '2,000',
      },
    },
  },
  'county-approval-letter': {
    name: 'county-approval-letter',
    title: 'Letter of Approval',
    description: "The county's general letter of approval, for an application no other document covers.",
    download_route: '/downloads/template',
    verifiable: true,
    register: 'letter',
    facts: [
      { label: 'Reference', field: 'number' },
      { label: 'Addressed to', field: 'holder' },
      { label: 'Subject', field: 'subject' },
      { label: 'Date', field: 'issued_on' },
    ],
    body: [
      'RE: {subject}',
      'We refer to your application {application_no}. The {county} has considered it and is pleased to approve it, subject to the conditions below.',
      'Please quote the reference above in any further correspondence on this matter.',
    ],
    conditions: [
      'This approval is for the matter stated above only.',
      'It is subject to any other approval required by law.',
    ],
    example: {
      number: 'APR-2025-900117',
      holder: 'Mwangaza Community Based Organisation',
      values: {
        application_no: 'APR-2025-900117',
        subject: 'USE OF THE SOCIAL HALL AT KAYOLE FOR A COMMUNITY HEALTH DAY',
      },
    },
  },
} as const satisfies Record<string, DocumentTemplate>;

export type DocumentTemplateName = keyof typeof documentTemplates;

export function findDocumentTemplate(name: string): DocumentTemplate | undefined {
  return Object.hasOwn(documentTemplates, name)
    ? (documentTemplates as Record<string, DocumentTemplate>)[name]
    : undefined;
}

/** Every registered template that issues a verifiable document into a register. */
export function registeredTemplates(): DocumentTemplate[] {
  return Object.values(documentTemplates as Record<string, DocumentTemplate>).filter((d) => d.register);
}

/**
 * The document a service issues: its own template (`document` in the definition), else the
 * registered template `produces` names.
 */
export function documentTemplateOf(service: {
  produces: string;
  document?: DocumentTemplate | undefined;
}): DocumentTemplate | undefined {
  if (service.document && service.document.name === service.produces) return service.document;
  return findDocumentTemplate(service.produces);
}
