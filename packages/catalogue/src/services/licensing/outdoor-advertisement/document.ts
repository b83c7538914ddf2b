import { defineDocument } from '../../../define-service';

/** The permit for outdoor advertising structures, with their table: the registered sign permit has no road or position. */
export default defineDocument({
  name: 'outdoor-advertising-structures-permit',
  title: 'Outdoor Advertising Permit',
  description:
    'The permit for billboards, wall wraps, sky signs and other advertising structures on or beside roads.',
  download_route: '/downloads/outdoor-advertising',
  verifiable: true,
  register: 'permit',
  validity_days: 365,
  facts: [
    { label: 'Permit number', field: 'number' },
    { label: 'Advertiser', field: 'holder' },
    { label: 'KRA PIN', field: 'kra_pin' },
    { label: 'Sub-county', field: 'sub_county_code' },
    { label: 'Ward', field: 'ward_code' },
    { label: 'Zone', field: 'advertising_zone' },
    { label: 'Permit fee', field: 'fee' },
    { label: 'Date of issue', field: 'issued_on' },
    { label: 'Valid until', field: 'valid_until' },
  ],
  tables: [
    {
      title: 'Advertising structures',
      field: 'signs',
      columns: [
        { label: 'Type', key: 'type' },
        { label: 'Size (m²)', key: 'size' },
        { label: 'Faces', key: 'faces' },
        { label: 'Road', key: 'road' },
        { label: 'Position', key: 'position' },
      ],
    },
  ],
  body: [
    'Under the county outdoor advertising and signage law, the {county} permits {holder} to put up and keep the advertising structures listed below, at the positions stated, as approved.',
  ],
  conditions: [
    'Each structure shall be put up exactly as approved in type, size and position, on a sound foundation certified by a structural engineer.',
    'Each structure shall bear the permit number and the advertiser’s name in a visible place.',
    'No structure shall obstruct traffic signs, sight lines, pedestrian walkways or road reserves.',
    'Structures shall be kept safe and in good repair; the holder is liable for any damage they cause.',
    "Structures shall be removed within fourteen (14) days of the expiry or revocation of this permit, failing which the County will remove them at the holder's cost.",
  ],
});
